'use client';
// spec 7 POST coupon: a sponsor's code, checked against the gift as it stands; the match is added when the gift is paid.
import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { formatMoney } from '@/lib/money';
import { sendToApi } from '../auth/client-session';
import { failureMessage } from './failure-message';

interface Props {
  /** the gift's fundraiser and the email typed so far: the server says at once when the match is not for this donor */
  fundraiserId?: number;
  donorEmail?: string;
  amount: number;
  currency: string;
  locale: string;
  /** the code that will ride the cart, or null */
  onChange: (code: string | null) => void;
  /** a code the cart refused, shown with the server's reason and no longer applied (the gift can go on without it) */
  refused?: { code: string; reason: string } | null;
}

export function CouponField({ fundraiserId, donorEmail, amount, currency, locale, onChange, refused = null }: Props) {
  const t = useTranslations('Payment');
  const [code, setCode] = useState(refused?.code ?? '');
  const [applied, setApplied] = useState<{ code: string; sponsor: string; match: string; for: string } | null>(null);
  const [error, setError] = useState(refused?.reason ?? '');
  const [busy, setBusy] = useState(false);
  // the match was quoted for one amount and currency: a change asks the donor to apply it again
  const stale = applied !== null && applied.for !== `${amount}:${currency}`;

  async function apply() {
    setError('');
    setBusy(true);
    const r = await sendToApi<{ code: string; sponsor: string; match_minor: number; currency: string }>('POST', '/api/coupon', { coupon_code: code, currency, donated_amount: amount, ...(fundraiserId ? { campaign_id: fundraiserId } : {}), ...(donorEmail?.trim() ? { donor_email: donorEmail.trim() } : {}) });
    setBusy(false);
    if (!r.ok || !r.data) {
      setApplied(null);
      onChange(null);
      return setError(failureMessage(r, t));
    }
    setApplied({ code: r.data.code, sponsor: r.data.sponsor, match: formatMoney(r.data.match_minor, r.data.currency, locale, { exact: true }), for: `${amount}:${currency}` });
    onChange(r.data.code);
  }

  function remove() {
    setApplied(null);
    setCode('');
    onChange(null);
  }

  return (
    <div className="field coupon-field">
      <label htmlFor="pay-coupon">{t('couponLabel')}</label>
      <div className="coupon-row">
        <input id="pay-coupon" value={code} onChange={(e) => setCode(e.target.value)} autoCapitalize="characters" autoComplete="off" dir="ltr" {...(error ? { 'aria-invalid': true, 'aria-describedby': 'pay-coupon-error' } : {})} />
        {applied && !stale ? (
          <button type="button" className="btn" onClick={remove}>
            {t('couponRemove')}
          </button>
        ) : (
          <button type="button" className="btn" onClick={apply} disabled={busy || !code.trim() || !(amount > 0)}>
            {t('couponApply')}
          </button>
        )}
      </div>
      {applied && !stale && (
        <p className="field-hint coupon-applied" role="status" data-testid="coupon-applied">
          {t('couponAdded', { sponsor: applied.sponsor, amount: applied.match })}
        </p>
      )}
      {stale && <p className="field-hint" role="status">{t('couponStale')}</p>}
      {error && (
        <p id="pay-coupon-error" className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
