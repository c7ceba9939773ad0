'use client';
// Spec 7 entity/{id}/credit/details: the bank account a claim is paid into, confirmed with a one-time code.
// The details go first (a code is sent to the owner), then the code with the same details stores them.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslations } from 'next-intl';
import { zodResolver } from '@hookform/resolvers/zod';
import { CreditDetailsSchema, type CreditDetailsInput } from '@/lib/validation/insurance';
import { sendToApi } from '@/components/auth/client-session';
import { Field } from '@/components/forms/Field';

export function CreditDetailsForm({ policyId, locale }: { policyId: number; locale: string }) {
  const t = useTranslations('Insurance.credit');
  const tg = useTranslations('Insurance');
  const [sent, setSent] = useState<{ request_id: string; sent_to: 'email' | 'phone' } | null>(null);
  const [serverError, setServerError] = useState('');
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<CreditDetailsInput>({ resolver: zodResolver(CreditDetailsSchema) });
  const errorOf = (name: keyof CreditDetailsInput) => errors[name]?.message as string | undefined;
  const id = (name: string) => `credit-${policyId}-${name}`;

  async function onSubmit(values: CreditDetailsInput) {
    setServerError('');
    const { otp, ...details } = values;
    // the code goes only with the request it answers; asking again sends the details alone
    const body = sent ? { ...details, otp, request_id: sent.request_id, locale } : { ...details, locale };
    const r = await sendToApi<{ request_id?: string; sent_to?: 'email' | 'phone' }>('POST', `/api/entity/${policyId}/credit/details`, body);
    if (!r.ok) {
      for (const [field, message] of Object.entries(r.error.fields ?? {})) setError(field as keyof CreditDetailsInput, { message });
      return setServerError(r.error.message ?? tg('errorGeneric'));
    }
    if (!sent && r.data.request_id) {
      // the schema checks a code goes with its request: the form holds the request id the server answered
      setValue('request_id', r.data.request_id);
      return setSent({ request_id: r.data.request_id, sent_to: r.data.sent_to ?? 'email' });
    }
    window.location.reload();
  }

  return (
    <form className="panel insurance-form" onSubmit={handleSubmit(onSubmit)} noValidate data-testid="credit-details-form">
      {/* the details are fixed once a code was sent for them: a change needs a new code */}
      <fieldset>
        <Field id={id('holder')} label={t('holder')} error={errorOf('account_holder_name')}>
          {(c) => <input {...c} autoComplete="name" readOnly={Boolean(sent)} {...register('account_holder_name')} />}
        </Field>
        <Field id={id('number')} label={t('number')} error={errorOf('account_number')}>
          {(c) => <input {...c} inputMode="numeric" autoComplete="off" dir="ltr" readOnly={Boolean(sent)} {...register('account_number')} />}
        </Field>
        <Field id={id('confirm')} label={t('confirm')} error={errorOf('account_number_confirm')}>
          {(c) => <input {...c} inputMode="numeric" autoComplete="off" dir="ltr" readOnly={Boolean(sent)} {...register('account_number_confirm')} />}
        </Field>
        <Field id={id('ifsc')} label={t('ifsc')} error={errorOf('ifsc_code')}>
          {(c) => <input {...c} autoCapitalize="characters" autoComplete="off" dir="ltr" maxLength={11} readOnly={Boolean(sent)} {...register('ifsc_code')} />}
        </Field>
      </fieldset>
      {sent && (
        <>
          <p role="status">{t('codeSent', { channel: sent.sent_to === 'phone' ? t('channelPhone') : t('channelEmail') })}</p>
          <Field id={id('otp')} label={t('code')} error={errorOf('otp')}>
            {(c) => <input {...c} inputMode="numeric" autoComplete="one-time-code" dir="ltr" maxLength={8} {...register('otp')} />}
          </Field>
        </>
      )}
      {serverError && !errorOf('otp') && (
        <p className="field-error" role="alert">
          {serverError}
        </p>
      )}
      <button className="btn btn-primary btn-block" type="submit" disabled={isSubmitting}>
        {isSubmitting ? tg('saving') : sent ? t('confirmCode') : t('sendCode')}
      </button>
      {sent && (
        <button className="link-button" type="button" onClick={() => setSent(null)}>
          {t('change')}
        </button>
      )}
    </form>
  );
}
