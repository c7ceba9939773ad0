'use client';
// The premium's payment, the way a gift's goes (spec 4): insurance/pay places the order, payment/send gives
// the gateway's page, and the gateway brings the payer back through new/payment-route to the policy's page. A UPI id
// gets a collect request instead, and this page waits for it as the payment page does.
import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { VPA_POLL_MS } from '@/lib/constants/giving';
import { UPI_ID_PATTERN } from '@/lib/validation/people';
import type { PaymentOption } from '@/lib/payments/options';
import { goTo, sendToApi } from '@/components/auth/client-session';
import { PaymentModes } from '@/components/payment/PaymentModes';
import type { MethodMarks } from '@/components/payment/MethodMark';
import { Field } from '@/components/forms/Field';

interface Props {
  /** each payment method's mark, drawn on the server (methodMarks()) */
  marks?: MethodMarks;
  policyId: number;
  /** the premium, written out in the page's language */
  amount: string;
  /** the methods the server takes for a premium right now */
  modes: PaymentOption[];
  locale: string;
  localePrefix: string;
  vpaTimeoutMs: number;
}

export function PolicyPayForm({ policyId, amount, modes, locale, localePrefix, vpaTimeoutMs, marks }: Props) {
  const t = useTranslations('Insurance');
  const tp = useTranslations('Payment');
  const [mode, setMode] = useState<PaymentOption | null>(modes[0] ?? null);
  const [vpa, setVpa] = useState('');
  const [vpaError, setVpaError] = useState('');
  const [error, setError] = useState('');
  const [state, setState] = useState<'idle' | 'busy' | 'waiting' | 'timeout'>('idle');

  /** spec 4: a UPI collect request is polled every 5 s; still pending after the timeout is reported */
  async function waitForVpa(orderId: string) {
    setState('waiting');
    const started = Date.now();
    for (;;) {
      await new Promise((r) => setTimeout(r, VPA_POLL_MS));
      const r = await sendToApi<{ status: string; redirect: string | null; failure_reason: string | null }>('POST', '/api/verify/vpatxn', { order_id: orderId });
      if (r.ok && r.data.redirect && r.data.status !== 'pending') return goTo(`${localePrefix}${r.data.redirect}`);
      if (Date.now() - started >= vpaTimeoutMs) return setState('timeout');
    }
  }

  async function pay(e: React.FormEvent) {
    e.preventDefault();
    if (!mode) return;
    setError('');
    if (mode === 'VPA' && !UPI_ID_PATTERN.test(vpa.trim())) return setVpaError(tp('vpaInvalid'));
    setVpaError('');
    setState('busy');
    const order = await sendToApi<{ order_id: string }>('POST', '/api/insurance/pay', { id: policyId, mode, locale, ...(mode === 'VPA' ? { vpa: vpa.trim() } : {}) });
    if (!order.ok) {
      setState('idle');
      return setError(order.error.fields?.vpa ?? order.error.message ?? t('errorGeneric'));
    }
    const sent = await sendToApi<{ url: string | null }>('POST', '/api/payment/send', { order_id: order.data.order_id });
    if (!sent.ok) {
      setState('idle');
      return setError(sent.error.message ?? t('errorGeneric'));
    }
    if (mode === 'VPA' || !sent.data.url) return waitForVpa(order.data.order_id);
    goTo(sent.data.url);
  }

  return (
    <form className="panel insurance-form" onSubmit={(e) => void pay(e)} noValidate data-testid="policy-pay-form">
      <PaymentModes legend={t('payLegend')} modes={modes} chosen={mode ?? undefined} onChoose={setMode} marks={marks} />
      {mode === 'VPA' && (
        <Field id={`policy-${policyId}-vpa`} label={tp('vpa')} error={vpaError || undefined}>
          {(c) => <input {...c} value={vpa} onChange={(e) => setVpa(e.target.value)} placeholder="name@bank" autoComplete="off" dir="ltr" />}
        </Field>
      )}
      {state === 'waiting' && <p role="status">{tp('vpaWaiting')}</p>}
      {state === 'timeout' && (
        <p className="notice-error" role="alert">
          {tp('vpaTimeout')}
        </p>
      )}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      {modes.length === 0 ? (
        <p role="status">{t('payUnavailable')}</p>
      ) : (
        <button className="btn btn-primary btn-block" type="submit" disabled={state === 'busy' || state === 'waiting'}>
          {state === 'busy' ? t('saving') : t('pay', { amount })}
        </button>
      )}
    </form>
  );
}
