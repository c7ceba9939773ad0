'use client';
// What support does to one gift: send the receipt again, refund part or all of it with a reason, correct the donor's
// details. Each form checks with the shared schema here and again in its route; the page is read again after each.
import { useRef, useState, type FormEvent } from 'react';
import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { DeskRefundSchema, DonorCorrectionSchema, type DonorCorrection } from '@/lib/validation/desk';
import { DESK_REASON_MAX, DONOR_ADDRESS_MAX, DONOR_NAME_MAX } from '@/lib/constants/desk';
import { formatMoney } from '@/lib/money';
import { postJson } from '@/components/auth/client-session';
import { Field } from '@/components/forms/Field';

interface Props {
  orderId: string;
  currency: string;
  /** what is left to refund, in minor units (0: nothing) */
  refundableMinor: number;
  paid: boolean;
  donor: DonorCorrection | null;
  may: { resend: boolean; refund: boolean; correct: boolean };
}

type Errors = Record<string, string | undefined>;

const firstErrors = (issues: { path: PropertyKey[]; message: string }[]): Errors =>
  issues.reduce<Errors>((out, i) => (out[String(i.path[0])] ? out : { ...out, [String(i.path[0])]: i.message }), {});

export function OrderActions({ orderId, currency, refundableMinor, paid, donor, may }: Props) {
  const t = useTranslations('Desk.actions');
  const locale = useLocale();
  const router = useRouter();
  const base = `/api/desk/orders/${encodeURIComponent(orderId)}`;
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState('');
  const [failure, setFailure] = useState('');
  // empty, never the whole payment: a refund's amount is typed on purpose
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [refundErrors, setRefundErrors] = useState<Errors>({});
  const [details, setDetails] = useState<DonorCorrection>(donor ?? { donor_name: '', donor_email: '', donor_pan: '', donor_address: '' });
  const [detailErrors, setDetailErrors] = useState<Errors>({});
  const statusRef = useRef<HTMLDivElement>(null);

  async function send<T>(url: string, body: unknown, onFields: (fields: Errors) => void, message: (data: T) => string) {
    if (busy) return;
    setBusy(true);
    setDone('');
    setFailure('');
    const answer = await postJson<T>(url, body);
    setBusy(false);
    if (answer.ok) {
      setDone(message(answer.data));
      router.refresh();
    } else if (answer.error.fields && Object.keys(answer.error.fields).length) {
      onFields(answer.error.fields);
    } else {
      setFailure(answer.error.message || t('failed'));
    }
    requestAnimationFrame(() => statusRef.current?.focus());
  }

  function refund(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = DeskRefundSchema.safeParse({ amount, reason });
    if (!parsed.success) return setRefundErrors(firstErrors(parsed.error.issues));
    setRefundErrors({});
    void send<{ held: boolean }>(`${base}/refunds`, parsed.data, setRefundErrors, (d) => (d.held ? t('refundHeld') : t('refundDone')));
  }

  function correct(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = DonorCorrectionSchema.safeParse(details);
    if (!parsed.success) return setDetailErrors(firstErrors(parsed.error.issues));
    setDetailErrors({});
    void send(`${base}/donor`, parsed.data, setDetailErrors, () => t('corrected'));
  }

  const field = (name: keyof DonorCorrection) => ({
    value: details[name] ?? '',
    onChange: (e: { target: { value: string } }) => setDetails({ ...details, [name]: e.target.value }),
  });

  return (
    <section className="desk-card desk-actions" aria-labelledby="desk-actions-title" aria-busy={busy}>
      <h2 id="desk-actions-title">{t('title')}</h2>
      <div ref={statusRef} tabIndex={-1} role="status" className="desk-outcome">
        {done && <p className="desk-done">{done}</p>}
      </div>
      {failure && (
        <p className="notice-error" role="alert">
          {failure}
        </p>
      )}
      {may.resend && paid && (
        <p>
          <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => void send(`${base}/receipt`, {}, () => {}, () => t('resent'))}>
            {t('resend')}
          </button>
        </p>
      )}
      {may.refund && refundableMinor > 0 && (
        <form className="desk-form" noValidate onSubmit={refund} aria-labelledby="desk-refund-title">
          <h3 id="desk-refund-title">{t('refundTitle')}</h3>
          <p className="field-hint">{t('refundLeft', { amount: formatMoney(refundableMinor, currency, locale, { exact: true }) })}</p>
          <Field id="desk-refund-amount" label={t('amount', { currency })} error={refundErrors.amount}>
            {(c) => <input {...c} inputMode="decimal" dir="ltr" autoComplete="off" value={amount} onChange={(e) => setAmount(e.target.value)} />}
          </Field>
          <Field id="desk-refund-reason" label={t('reason')} hint={t('reasonHint')} error={refundErrors.reason}>
            {(c) => <textarea {...c} rows={2} dir="auto" maxLength={DESK_REASON_MAX} required value={reason} onChange={(e) => setReason(e.target.value)} />}
          </Field>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {t('refund')}
          </button>
        </form>
      )}
      {may.correct && donor && (
        <details className="desk-details">
          <summary>{t('correctTitle')}</summary>
          <form className="desk-form" noValidate onSubmit={correct}>
            <Field id="desk-donor-name" label={t('name')} error={detailErrors.donor_name}>
              {(c) => <input {...c} dir="auto" maxLength={DONOR_NAME_MAX} autoComplete="off" {...field('donor_name')} />}
            </Field>
            <Field id="desk-donor-email" label={t('email')} error={detailErrors.donor_email}>
              {(c) => <input {...c} type="email" dir="ltr" autoComplete="off" {...field('donor_email')} />}
            </Field>
            <Field id="desk-donor-pan" label={t('pan')} error={detailErrors.donor_pan}>
              {(c) => <input {...c} dir="ltr" autoComplete="off" autoCapitalize="characters" spellCheck={false} {...field('donor_pan')} />}
            </Field>
            <Field id="desk-donor-address" label={t('address')} error={detailErrors.donor_address}>
              {(c) => <textarea {...c} rows={3} dir="auto" maxLength={DONOR_ADDRESS_MAX} {...field('donor_address')} />}
            </Field>
            <button type="submit" className="btn btn-secondary" disabled={busy}>
              {t('save')}
            </button>
          </form>
        </details>
      )}
    </section>
  );
}
