'use client';
// The sign-up form: the one form of the sign-in page checked with react-hook-form and zod, in its own chunk so the page
// that most people use to log in or get a code does not download them.
import { useForm, useWatch, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLocale, useTranslations } from 'next-intl';
import { SignupSchema, type SignupInput } from '@/lib/validation/account-fields';
import { ACCOUNT_MESSAGES } from '@/lib/validation/account-messages';
import { SIGN_IN_CAPTCHA_FIELD as CAPTCHA_FIELD } from '@/lib/constants/auth';
import { INDIA_EXTENSION } from '@/lib/constants/people';
import type { CaptchaWidget } from '@/lib/security/captcha';
import { PhoneField } from '@/components/forms/PhoneField';
import { useCaptcha } from '../forms/Captcha';
import { postJson, type ApiFailure } from './client-session';
import type { Redirect, SignedIn } from './sign-in-types';

function Field<T extends FieldValues>({ form, name, label, type = 'text', autoComplete, inputMode }: { form: UseFormReturn<T>; name: Path<T>; label: string; type?: string; autoComplete?: string; inputMode?: 'email' | 'tel' | 'numeric' }) {
  const error = form.formState.errors[name]?.message as string | undefined;
  const id = `signin-${String(name)}`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} type={type} autoComplete={autoComplete} inputMode={inputMode} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} {...form.register(name)} />
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

function applyFieldErrors<T extends FieldValues>(form: UseFormReturn<T>, error: ApiFailure) {
  for (const [field, message] of Object.entries(error.fields ?? {})) form.setError(field as Path<T>, { message });
}

export function SignupForm({ captcha, redirect, registrationSource, onDone, onError }: { captcha: CaptchaWidget | null; redirect: Redirect; registrationSource: string; onDone: (d: SignedIn) => void; onError: (e: ApiFailure, email: string) => void }) {
  const t = useTranslations('Auth');
  const locale = useLocale();
  const form = useForm<SignupInput>({ resolver: zodResolver(SignupSchema), defaultValues: { extension: INDIA_EXTENSION, user_type: 'individual', registration_source: registrationSource, is_subscribed: '1' } });
  const extension = useWatch({ control: form.control, name: 'extension' });
  const captchaField = useCaptcha(captcha, { id: 'signup-captcha', locale, requiredMessage: t('captchaRequired') });
  const submit = form.handleSubmit(async (values) => {
    if (!captchaField.ready()) return;
    const r = await postJson<SignedIn>('/api/users', { ...values, ...captchaField.payload(CAPTCHA_FIELD), ...redirect });
    if (captchaField.spent(!r.ok && Boolean(r.error.fields?.[CAPTCHA_FIELD]))) return;
    if (r.ok) return onDone(r.data);
    if (r.error.message !== ACCOUNT_MESSAGES.duplicateEmail) applyFieldErrors(form, r.error);
    onError(r.error, values.email_id);
  });
  return (
    <form onSubmit={submit} noValidate>
      <Field form={form} name="full_name" label={t('fullName')} autoComplete="name" />
      <Field form={form} name="email_id" label={t('email')} type="email" autoComplete="email" inputMode="email" />
      <PhoneField
        id="signin-phone_1"
        label={t('phone')}
        countryLabel={t('countryCode')}
        locale={locale}
        extension={extension ?? INDIA_EXTENSION}
        onExtensionChange={(next) => form.setValue('extension', next)}
        error={(form.formState.errors.phone_1?.message ?? form.formState.errors.extension?.message) as string | undefined}
        inputProps={form.register('phone_1')}
      />
      <Field form={form} name="password" label={t('password')} type="password" autoComplete="new-password" />
      <p className="hint">{t('passwordHint')}</p>
      {captchaField.element}
      <button type="submit" className="btn btn-primary btn-block" disabled={form.formState.isSubmitting}>
        {t('signup')}
      </button>
    </form>
  );
}
