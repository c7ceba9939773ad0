'use client';
// spec 4 one-tap SIP: a signed-in donor starts the thank-you page's offer with one tap (the mandate page follows).
import { useState } from 'react';
import type { SipOffer } from '@/lib/sip/offer';
import { sendToApi } from '@/components/auth/client-session';
import { rememberEmail } from '@/components/auth/remembered-email';

export function OneTapSip({ offer, locale, signInHref, emailHint, labels }: { offer: SipOffer; locale: string; signInHref: string; emailHint?: string; labels: { cta: string; starting: string; failed: string } }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  async function start() {
    setBusy(true);
    setError('');
    const r = await sendToApi<{ authorise_url: string }>('POST', '/api/sip/subscribe', {
      currency: offer.currency,
      causes: [{ sip_cause: offer.sip_cause, amount: offer.amount }],
      payment_method: offer.payment_method,
      ...(offer.vpa ? { vpa: offer.vpa } : {}),
      locale,
    });
    // a guest (the thank-you page is theirs too) signs in, then finds the offer filled in on the SIP page
    if (!r.ok && r.status === 401) {
      // the sign-in form starts with the email she gave with (this tab's storage only, never in the link)
      if (emailHint) rememberEmail(emailHint);
      return window.location.assign(signInHref);
    }
    if (!r.ok) {
      setBusy(false);
      return setError(Object.values(r.error.fields ?? {})[0] ?? r.error.message ?? labels.failed);
    }
    window.location.assign(r.data.authorise_url);
  }
  return (
    <>
      <button type="button" className="btn btn-primary" onClick={() => void start()} disabled={busy} data-testid="one-tap-sip">
        {busy ? labels.starting : labels.cta}
      </button>
      <div aria-live="polite">{error && <p className="field-error">{error}</p>}</div>
    </>
  );
}
