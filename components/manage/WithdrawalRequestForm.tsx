'use client';
// Asking for a withdrawal: an amount up to the available balance, what it is for, and a photo of the bill or
// estimate. WithdrawalRequestSchema checks the words here and again in POST /api/campaigns/{id}/withdrawals, whose
// answer (the balance under the fundraiser's lock) decides.
import { useMemo, useState } from 'react';
import { useRouter } from 'next/navigation';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { WITHDRAWAL_MESSAGES, WithdrawalRequestSchema } from '@/lib/validation/withdrawals';
import type { WithdrawalView } from '@/lib/fundraisers/withdrawals';
import { sendToApi } from '@/components/auth/client-session';
import { Field } from '@/components/forms/Field';
import { chosenImageProblem, IMAGE_ACCEPT } from '@/components/forms/image-file';
import { fillTemplate } from '@/lib/i18n/fill';
import { type WithdrawalRequestLabels } from './withdrawal-labels';

interface Props {
  fundraiserId: number;
  currency: string;
  /** what may still be asked for, in whole units with paise as decimals (as the API answers it) */
  available: number;
  /** the same, formatted in the page's locale */
  availableText: string;
  hasAccount: boolean;
  labels: WithdrawalRequestLabels;
  /** FCRA: asks for foreign contributions, paid into the NGO's FCRA account (a second form beside the usual one) */
  foreign?: boolean;
}

/** The request's own schema plus what only the form knows: the balance it was shown, and the chosen file. */
const withdrawalFormSchema = (available: number, availableText: string) =>
  z.object({
    purpose: WithdrawalRequestSchema.shape.purpose,
    amount: WithdrawalRequestSchema.shape.amount.refine((amount) => amount <= available, WITHDRAWAL_MESSAGES.aboveBalance(availableText)),
    // a FileList in browsers; anything array-like whose first item is a file will do
    document: z.custom<FileList>((files) => (files as ArrayLike<unknown> | null | undefined)?.[0] instanceof Blob, { error: WITHDRAWAL_MESSAGES.document }),
  });
type FormSchema = ReturnType<typeof withdrawalFormSchema>;
type FormValues = z.input<FormSchema>;
type Fields = keyof FormValues;
const FIELDS: readonly Fields[] = ['amount', 'purpose', 'document'];

export function WithdrawalRequestForm({ fundraiserId, currency, available, availableText, hasAccount, labels, foreign = false }: Props) {
  // two forms may share the page: their ids must not
  const id = (name: string) => (foreign ? `fcra-${name}` : name);
  const router = useRouter();
  const schema = useMemo(() => withdrawalFormSchema(available, availableText), [available, availableText]);
  const [notice, setNotice] = useState('');
  const [failure, setFailure] = useState('');
  const { register, handleSubmit, reset, setError, formState } = useForm<FormValues, unknown, z.output<FormSchema>>({ resolver: zodResolver(schema), defaultValues: { amount: '', purpose: '' } });
  const err = (k: Fields) => formState.errors[k]?.message;

  async function send(values: z.output<FormSchema>) {
    setNotice('');
    setFailure('');
    const file = values.document[0];
    // the server decodes the picture anyway; a wrong file is caught here before it is uploaded
    const problem = await chosenImageProblem(file);
    if (problem) return setError('document', { message: problem }, { shouldFocus: true });
    const body = new FormData();
    body.append('amount', String(values.amount));
    body.append('purpose', values.purpose);
    if (foreign) body.append('from_foreign', '1');
    body.append('document', file, file.name);
    const r = await sendToApi<WithdrawalView>('POST', `/api/campaigns/${fundraiserId}/withdrawals`, body);
    if (!r.ok) {
      const fields = Object.entries(r.error.fields ?? {}).filter((e): e is [Fields, string] => (FIELDS as readonly string[]).includes(e[0]));
      fields.forEach(([k, message], i) => setError(k, { message }, { shouldFocus: i === 0 }));
      if (fields.length === 0) setFailure(r.error.message || labels.failed);
      return;
    }
    // with no values, the form element itself is reset too: the chosen file goes
    reset();
    setNotice(labels.sent);
    // the balance and the list are the server's part of the page
    router.refresh();
  }

  return (
    <section className="withdrawal-part" aria-labelledby={id('withdrawal-request-heading')}>
      <h3 id={id('withdrawal-request-heading')}>{labels.heading}</h3>
      <div aria-live="polite">{notice && <p className="notice-success">{notice}</p>}</div>
      {!hasAccount ? (
        <p className="muted">{labels.needsAccount}</p>
      ) : available <= 0 ? (
        <p className="muted">{labels.nothingAvailable}</p>
      ) : (
        <form className="withdrawal-form" onSubmit={handleSubmit(send)} noValidate aria-labelledby={id('withdrawal-request-heading')}>
          {failure && (
            <p className="notice-error" role="alert">
              {failure}
            </p>
          )}
          <Field id={id('withdrawal-amount')} label={
              <>
                {labels.amount} (<bdi>{currency}</bdi>)
              </>
            } hint={fillTemplate(labels.amountHint, { available: availableText })} error={err('amount')}>
            {(c) => <input {...c} inputMode="decimal" autoComplete="off" {...register('amount')} />}
          </Field>
          <Field id={id('withdrawal-purpose')} label={labels.purpose} hint={labels.purposeHint} error={err('purpose')}>
            {(c) => <textarea {...c} rows={3} dir="auto" {...register('purpose')} />}
          </Field>
          <Field id={id('withdrawal-document')} label={labels.document} hint={labels.documentHint} error={err('document')}>
            {(c) => <input {...c} type="file" accept={IMAGE_ACCEPT} {...register('document')} />}
          </Field>
          <button type="submit" className="btn btn-primary" disabled={formState.isSubmitting}>
            {formState.isSubmitting ? labels.sending : labels.submit}
          </button>
        </form>
      )}
    </section>
  );
}
