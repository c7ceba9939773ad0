'use client';
// The bank account withdrawals are paid into: the saved one shown masked, a form to add or change it.
// PayoutAccountSchema checks it here and again in PUT /api/campaigns/{id}/payout-account.
import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { PayoutAccountSchema, type PayoutAccountInput } from '@/lib/validation/withdrawals';
import type { PayoutAccountView } from '@/lib/fundraisers/withdrawals';
import { sendToApi } from '@/components/auth/client-session';
import { Field } from '@/components/forms/Field';
import { fillTemplate } from '@/lib/i18n/fill';
import { type PayoutAccountLabels } from './withdrawal-labels';


type FormValues = z.input<typeof PayoutAccountSchema>;
const FIELDS = ['account_holder_name', 'account_number', 'account_number_confirm', 'ifsc_code'] as const;
const isField = (k: string): k is (typeof FIELDS)[number] => (FIELDS as readonly string[]).includes(k);
const EMPTY: FormValues = { account_holder_name: '', account_number: '', account_number_confirm: '', ifsc_code: '' };

export function PayoutAccountForm({ fundraiserId, initial, labels }: { fundraiserId: number; initial: PayoutAccountView | null; labels: PayoutAccountLabels }) {
  const router = useRouter();
  const [account, setAccount] = useState(initial);
  const [editing, setEditing] = useState(initial === null);
  const [notice, setNotice] = useState('');
  const [failure, setFailure] = useState('');
  const { register, handleSubmit, reset, setError, formState } = useForm<FormValues, unknown, PayoutAccountInput>({ resolver: zodResolver(PayoutAccountSchema), defaultValues: EMPTY });
  const err = (k: (typeof FIELDS)[number]) => formState.errors[k]?.message;

  async function save(values: PayoutAccountInput) {
    setNotice('');
    setFailure('');
    const r = await sendToApi<PayoutAccountView>('PUT', `/api/campaigns/${fundraiserId}/payout-account`, values);
    if (!r.ok) {
      const fields = Object.entries(r.error.fields ?? {}).filter(([k]) => isField(k));
      fields.forEach(([k, message], i) => setError(k as (typeof FIELDS)[number], { message }, { shouldFocus: i === 0 }));
      if (fields.length === 0) setFailure(r.error.message || labels.failed);
      return;
    }
    setAccount(r.data);
    setEditing(false);
    reset(EMPTY);
    setNotice(labels.saved);
    // the withdrawal form below needs an account: the server part of the page renders again
    router.refresh();
  }

  function startEditing() {
    setNotice('');
    setEditing(true);
  }

  return (
    <section className="withdrawal-part" aria-labelledby="payout-account-heading">
      <h3 id="payout-account-heading">{labels.heading}</h3>
      {account ? (
        <dl className="payout-account" data-testid="payout-account">
          <div>
            <dt>{labels.holderName}</dt>
            <dd>
              <bdi>{account.account_holder_name}</bdi>
            </dd>
          </div>
          <div>
            <dt>{labels.accountNumber}</dt>
            <dd>{fillTemplate(labels.endingIn, { last4: account.account_number_last4 })}</dd>
          </div>
          <div>
            <dt>{labels.ifsc}</dt>
            <dd>
              <bdi dir="ltr">{account.ifsc_code}</bdi>
            </dd>
          </div>
        </dl>
      ) : (
        <p className="muted">{labels.none}</p>
      )}
      <div aria-live="polite">{notice && <p className="notice-success">{notice}</p>}</div>
      {account && !editing && (
        <p>
          <button type="button" className="btn btn-secondary" onClick={startEditing}>
            {labels.change}
          </button>
        </p>
      )}
      {editing && (
        <form className="withdrawal-form" onSubmit={handleSubmit(save)} noValidate aria-labelledby="payout-account-heading">
          {failure && (
            <p className="notice-error" role="alert">
              {failure}
            </p>
          )}
          <Field id="payout-holder" label={labels.holderName} error={err('account_holder_name')}>
            {(c) => <input {...c} autoComplete="name" {...register('account_holder_name')} />}
          </Field>
          <div className="withdrawal-row">
            <Field id="payout-number" label={labels.accountNumber} error={err('account_number')}>
              {(c) => <input {...c} dir="ltr" inputMode="numeric" autoComplete="off" spellCheck={false} {...register('account_number')} />}
            </Field>
            <Field id="payout-number-confirm" label={labels.accountNumberConfirm} hint={labels.confirmHint} error={err('account_number_confirm')}>
              {(c) => <input {...c} dir="ltr" inputMode="numeric" autoComplete="off" spellCheck={false} {...register('account_number_confirm')} />}
            </Field>
          </div>
          <Field id="payout-ifsc" label={labels.ifsc} hint={labels.ifscHint} error={err('ifsc_code')}>
            {(c) => <input {...c} dir="ltr" autoCapitalize="characters" autoComplete="off" spellCheck={false} {...register('ifsc_code')} />}
          </Field>
          <div className="withdrawal-actions">
            <button type="submit" className="btn btn-primary" disabled={formState.isSubmitting}>
              {formState.isSubmitting ? labels.saving : labels.save}
            </button>
            {account && (
              <button
                type="button"
                className="btn btn-secondary"
                onClick={() => {
                  reset(EMPTY);
                  setFailure('');
                  setEditing(false);
                }}
              >
                {labels.cancel}
              </button>
            )}
          </div>
        </form>
      )}
    </section>
  );
}
