'use client';
// An NGO's FCRA registration: without a valid one its fundraisers cannot take a foreign citizen's gift, and
// foreign contributions are paid only into the FCRA account. FcraRegistrationSchema checks it here and in PUT /api/ngos/{id}/fcra.
import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { FcraRegistrationSchema } from '@/lib/validation/fcra';
import type { FcraRegistrationView } from '@/lib/fundraisers/fcra-registration';
import { sendToApi } from '@/components/auth/client-session';
import { Field } from '@/components/forms/Field';

// the form always sets a registration; removing one is its own button
const SetSchema = FcraRegistrationSchema.options[1];
type FormValues = z.input<typeof SetSchema>;
type Output = z.output<typeof SetSchema>;
const FIELDS = ['fcra_number', 'fcra_valid_until', 'fcra_account_holder', 'fcra_account_number', 'fcra_ifsc'] as const;
type FieldName = (typeof FIELDS)[number];

export type FcraLabels = Record<
  'heading' | 'intro' | 'none' | 'number' | 'validUntil' | 'expired' | 'holder' | 'accountNumber' | 'ifsc' | 'ifscHint' | 'save' | 'saving' | 'saved' | 'change' | 'remove' | 'cancel' | 'failed' | 'account',
  string
>;

export function FcraRegistrationForm({ ngoId, ngoName, initial, labels, today }: { ngoId: number; ngoName: string | null; initial: FcraRegistrationView; labels: FcraLabels; today: string }) {
  const router = useRouter();
  const [saved, setSaved] = useState(initial);
  const [editing, setEditing] = useState(false);
  const [notice, setNotice] = useState('');
  const [failure, setFailure] = useState('');
  const { register, handleSubmit, setError, formState } = useForm<FormValues, unknown, Output>({
    resolver: zodResolver(SetSchema),
    defaultValues: { fcra_number: initial.fcra_number ?? '', fcra_valid_until: initial.fcra_valid_until ?? '', fcra_account_holder: initial.account?.account_holder_name ?? '', fcra_account_number: '', fcra_ifsc: initial.account?.ifsc_code ?? '' },
  });
  const err = (k: FieldName) => formState.errors[k]?.message;
  const heading = `fcra-heading-${ngoId}`;

  async function send(body: Output | { fcra_number: null }) {
    setNotice('');
    setFailure('');
    const r = await sendToApi<FcraRegistrationView>('PUT', `/api/ngos/${ngoId}/fcra`, body);
    if (!r.ok) {
      const fields = Object.entries(r.error.fields ?? {}).filter((e): e is [FieldName, string] => (FIELDS as readonly string[]).includes(e[0]));
      fields.forEach(([k, message], i) => setError(k, { message }, { shouldFocus: i === 0 }));
      if (fields.length === 0) setFailure(r.error.message || labels.failed);
      return;
    }
    setSaved(r.data);
    setEditing(false);
    setNotice(labels.saved);
    router.refresh();
  }

  const expired = saved.fcra_valid_until !== null && saved.fcra_valid_until < today;
  return (
    <section className="fcra withdrawal-part" aria-labelledby={heading} data-testid={`fcra-${ngoId}`}>
      <h3 id={heading}>
        {labels.heading}
        {/* with several NGOs, each registration names its own */}
        {ngoName && (
          <>
            {' · '}
            <bdi>{ngoName}</bdi>
          </>
        )}
      </h3>
      <p className="muted">{labels.intro}</p>
      {saved.fcra_number ? (
        <dl className="payout-account">
          <div>
            <dt>{labels.number}</dt>
            <dd>
              <bdi dir="ltr">{saved.fcra_number}</bdi>
            </dd>
          </div>
          <div>
            <dt>{labels.validUntil}</dt>
            <dd>
              <bdi dir="ltr">{saved.fcra_valid_until}</bdi> {expired && <strong className="field-error">{labels.expired}</strong>}
            </dd>
          </div>
          {saved.account && (
            <div>
              <dt>{labels.account}</dt>
              <dd>
                <bdi>{saved.account.account_holder_name}</bdi> · <bdi dir="ltr">…{saved.account.account_number_last4}</bdi> · <bdi dir="ltr">{saved.account.ifsc_code}</bdi>
              </dd>
            </div>
          )}
        </dl>
      ) : (
        <p className="muted">{labels.none}</p>
      )}
      <div aria-live="polite">{notice && <p className="notice-success">{notice}</p>}</div>
      {failure && (
        <p className="notice-error" role="alert">
          {failure}
        </p>
      )}
      {!editing ? (
        <p className="withdrawal-actions">
          <button type="button" className="btn btn-secondary" onClick={() => setEditing(true)}>
            {labels.change}
          </button>
          {saved.fcra_number && (
            <button type="button" className="btn btn-secondary" onClick={() => send({ fcra_number: null })}>
              {labels.remove}
            </button>
          )}
        </p>
      ) : (
        <form className="withdrawal-form" onSubmit={handleSubmit(send)} noValidate aria-labelledby={heading}>
          <div className="withdrawal-row">
            <Field id={`fcra-number-${ngoId}`} label={labels.number} error={err('fcra_number')}>
              {(c) => <input {...c} dir="ltr" inputMode="numeric" autoComplete="off" maxLength={9} {...register('fcra_number')} />}
            </Field>
            <Field id={`fcra-until-${ngoId}`} label={labels.validUntil} error={err('fcra_valid_until')}>
              {(c) => <input {...c} type="date" dir="ltr" {...register('fcra_valid_until')} />}
            </Field>
          </div>
          <Field id={`fcra-holder-${ngoId}`} label={labels.holder} error={err('fcra_account_holder')}>
            {(c) => <input {...c} autoComplete="off" {...register('fcra_account_holder')} />}
          </Field>
          <div className="withdrawal-row">
            <Field id={`fcra-account-${ngoId}`} label={labels.accountNumber} error={err('fcra_account_number')}>
              {(c) => <input {...c} dir="ltr" inputMode="numeric" autoComplete="off" spellCheck={false} {...register('fcra_account_number')} />}
            </Field>
            <Field id={`fcra-ifsc-${ngoId}`} label={labels.ifsc} hint={labels.ifscHint} error={err('fcra_ifsc')}>
              {(c) => <input {...c} dir="ltr" autoCapitalize="characters" autoComplete="off" spellCheck={false} {...register('fcra_ifsc')} />}
            </Field>
          </div>
          <div className="withdrawal-actions">
            <button type="submit" className="btn btn-primary" disabled={formState.isSubmitting}>
              {formState.isSubmitting ? labels.saving : labels.save}
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => setEditing(false)}>
              {labels.cancel}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
