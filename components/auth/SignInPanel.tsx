'use client';
// /new/signin: password login and sign-up, one-time code, forgot password, and sign-in links (spec 4, 5, 7).
import { useCallback, useEffect, useRef, useState } from 'react';
import { useForm, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLocale, useTranslations } from 'next-intl';
import { keepLocale } from '@/lib/i18n/locales';
import { LoginSchema, SignupSchema, ACCOUNT_MESSAGES, type LoginInput, type SignupInput } from '@/lib/validation/accounts';
import { FOS_SIGNUP_REDIRECT_DELAY_MS, SIGNUP_SNACKBAR_MS, SNACKBAR_LONG_MS, SNACKBAR_MS } from '@/lib/constants';
import { Snackbar, type SnackbarMessage } from '@/components/ui/Snackbar';
import { goTo, postJson, rememberSignIn, sendToApi, type ApiFailure } from './client-session';
import { saveDockAsDraft } from '@/components/wizard/dock';

type Mode = 'login' | 'signup' | 'otp' | 'forgot';
interface SignedIn {
  redirect: string;
  user: { is_fos?: boolean };
}

const REMEMBERED_EMAIL_KEY = 'signin_email';
/** spec 6: sign-ups made by field-sales staff (registration_source=fos) wait 1 s before the redirect */
export const FIELD_SALES_SOURCE = 'fos';

/** the wallet's login page sent the person back with its code and our signed state (spec 7 paytm login code) */
export type WalletReturn = { code: string; state: string };

export function SignInPanel({ redirectUri, autologinToken, socialFailed, registrationSource = 'direct', walletReturn = null }: { redirectUri: string | null; autologinToken: string | null; socialFailed: boolean; registrationSource?: string; walletReturn?: WalletReturn | null }) {
  const t = useTranslations('Auth');
  const locale = useLocale();
  const [mode, setMode] = useState<Mode>('login');
  const [snack, setSnack] = useState<SnackbarMessage | null>(socialFailed ? { text: t('socialFailed'), tone: 'error', durationMs: SNACKBAR_MS } : null);
  const closeSnack = useCallback(() => setSnack(null), []);
  const heading = useRef<HTMLHeadingElement>(null);
  const redirect = redirectUri ? { redirect_uri: redirectUri } : {};

  const switchTo = (next: Mode) => {
    setMode(next);
    requestAnimationFrame(() => heading.current?.focus());
  };

  // spec 4: after login, close dialogs, mark logged in, clear dock data, redirect (a field-sales sign-up waits 1 s)
  const finish = async (done: SignedIn, from: Mode) => {
    // spec 7: what a signed-out visitor typed into the fundraiser wizard becomes their draft before the dock is cleared
    await saveDockAsDraft();
    rememberSignIn(done.user);
    // the role's page (the manage list, spec 6) in the language she signed in with
    const go = () => goTo(keepLocale(locale, done.redirect));
    if (from === 'signup' && (registrationSource === FIELD_SALES_SOURCE || done.user.is_fos)) setTimeout(go, FOS_SIGNUP_REDIRECT_DELAY_MS);
    else go();
  };
  const showError = (error: ApiFailure, opts: Partial<SnackbarMessage> = {}) => setSnack({ text: error.message ?? t('failed'), tone: 'error', durationMs: SNACKBAR_MS, ...opts });

  const autologinStarted = useRef(false);
  useEffect(() => {
    if (!autologinToken || autologinStarted.current) return;
    autologinStarted.current = true;
    void postJson<SignedIn>('/api/auth/autologin', { token: autologinToken, ...redirect }).then((r) => (r.ok ? finish(r.data, 'login') : showError(r.error)));
    // runs once for the link's token
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [autologinToken]);

  // the server checks the state is ours and this browser's before it signs anyone in; the state says where to go next
  const walletStarted = useRef(false);
  useEffect(() => {
    if (!walletReturn || walletStarted.current) return;
    walletStarted.current = true;
    void sendToApi<SignedIn>('GET', `/api/callback/paytm?${new URLSearchParams(walletReturn)}`).then((r) => (r.ok ? finish(r.data, 'login') : showError(r.error)));
    // runs once for the wallet's return
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [walletReturn?.code]);

  const titles: Record<Mode, string> = { login: t('loginTitle'), signup: t('signupTitle'), otp: t('otpTitle'), forgot: t('forgotTitle') };
  return (
    <div className="signin-panel panel">
      <h1 ref={heading} tabIndex={-1}>
        {titles[mode]}
      </h1>
      {(autologinToken || walletReturn) && <p role="status">{t('autologinWorking')}</p>}
      {mode === 'login' && <LoginForm redirect={redirect} onDone={(d) => finish(d, 'login')} onError={showError} />}
      {mode === 'signup' && (
        <SignupForm
          redirect={redirect}
          registrationSource={registrationSource}
          onDone={(d) => finish(d, 'signup')}
          onError={(error, email) => {
            // spec 5: a taken email offers LOGIN for 10 s, keeps the email and moves to login
            if (error.message === ACCOUNT_MESSAGES.duplicateEmail) {
              try {
                sessionStorage.setItem(REMEMBERED_EMAIL_KEY, email);
              } catch {
                // not kept
              }
              switchTo('login');
              setSnack({ text: ACCOUNT_MESSAGES.alreadyRegistered, tone: 'info', durationMs: SIGNUP_SNACKBAR_MS, action: { label: t('loginAction'), onClick: () => switchTo('login') } });
            } else {
              // spec 8: other sign-up errors: the server's message, top centre, long, dismissable
              showError(error, { position: 'top', durationMs: SNACKBAR_LONG_MS });
            }
          }}
        />
      )}
      {mode === 'otp' && <OtpForm redirect={redirect} onDone={(d) => finish(d, 'login')} onError={showError} />}
      {mode === 'forgot' && <ForgotForm onError={showError} />}
      <nav className="signin-switch" aria-label={t('otherWays')}>
        {mode !== 'login' && (
          <button type="button" className="link-button" onClick={() => switchTo('login')}>
            {t('toLogin')}
          </button>
        )}
        {mode !== 'signup' && (
          <button type="button" className="link-button" onClick={() => switchTo('signup')}>
            {t('toSignup')}
          </button>
        )}
        {mode !== 'otp' && (
          <button type="button" className="link-button" onClick={() => switchTo('otp')}>
            {t('toOtp')}
          </button>
        )}
        {mode === 'login' && (
          <button type="button" className="link-button" onClick={() => switchTo('forgot')}>
            {t('toForgot')}
          </button>
        )}
      </nav>
      <Snackbar message={snack} onClose={closeSnack} closeLabel={t('close')} />
    </div>
  );
}

type Redirect = { redirect_uri?: string };

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

function LoginForm({ redirect, onDone, onError }: { redirect: Redirect; onDone: (d: SignedIn) => void; onError: (e: ApiFailure) => void }) {
  const t = useTranslations('Auth');
  const form = useForm<LoginInput>({ resolver: zodResolver(LoginSchema) });
  useEffect(() => {
    try {
      const remembered = sessionStorage.getItem(REMEMBERED_EMAIL_KEY);
      if (remembered) form.setValue('email_id', remembered);
    } catch {
      // nothing remembered
    }
  }, [form]);
  const submit = form.handleSubmit(async (values) => {
    const r = await postJson<SignedIn>('/api/auth/login', { ...values, ...redirect });
    if (r.ok) return onDone(r.data);
    applyFieldErrors(form, r.error);
    onError(r.error);
  });
  return (
    <form onSubmit={submit} noValidate>
      <Field form={form} name="email_id" label={t('email')} type="email" autoComplete="email" inputMode="email" />
      <Field form={form} name="password" label={t('password')} type="password" autoComplete="current-password" />
      <button type="submit" className="btn btn-primary btn-block" disabled={form.formState.isSubmitting}>
        {t('login')}
      </button>
    </form>
  );
}

function SignupForm({ redirect, registrationSource, onDone, onError }: { redirect: Redirect; registrationSource: string; onDone: (d: SignedIn) => void; onError: (e: ApiFailure, email: string) => void }) {
  const t = useTranslations('Auth');
  const form = useForm<SignupInput>({ resolver: zodResolver(SignupSchema), defaultValues: { extension: '+91', user_type: 'individual', registration_source: registrationSource, is_subscribed: '1' } });
  const submit = form.handleSubmit(async (values) => {
    const r = await postJson<SignedIn>('/api/users', { ...values, ...redirect });
    if (r.ok) return onDone(r.data);
    if (r.error.message !== ACCOUNT_MESSAGES.duplicateEmail) applyFieldErrors(form, r.error);
    onError(r.error, values.email_id);
  });
  return (
    <form onSubmit={submit} noValidate>
      <Field form={form} name="full_name" label={t('fullName')} autoComplete="name" />
      <Field form={form} name="email_id" label={t('email')} type="email" autoComplete="email" inputMode="email" />
      <div className="field-row">
        <Field form={form} name="extension" label={t('extension')} autoComplete="tel-country-code" inputMode="tel" />
        <Field form={form} name="phone_1" label={t('phone')} type="tel" autoComplete="tel-national" inputMode="tel" />
      </div>
      <Field form={form} name="password" label={t('password')} type="password" autoComplete="new-password" />
      <p className="hint">{t('passwordHint')}</p>
      <button type="submit" className="btn btn-primary btn-block" disabled={form.formState.isSubmitting}>
        {t('signup')}
      </button>
    </form>
  );
}

function OtpForm({ redirect, onDone, onError }: { redirect: Redirect; onDone: (d: SignedIn) => void; onError: (e: ApiFailure) => void }) {
  const t = useTranslations('Auth');
  const [step, setStep] = useState<'contact' | 'code' | 'details'>('contact');
  const [contact, setContact] = useState('');
  const [requestId, setRequestId] = useState('');
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [accessToken, setAccessToken] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function send(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError('');
    const r = await postJson<{ request_id: string }>('/api/auth/login/otpLogin', { contact });
    setBusy(false);
    if (!r.ok) return setError(r.error.fields?.contact ?? r.error.message ?? t('failed'));
    setRequestId(r.data.request_id);
    setStep('code');
  }
  async function verify(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError('');
    const r = await postJson<SignedIn & { user_exists: boolean; accessToken?: string }>('/api/verify/otp/token', { request_id: requestId, otp: code.trim(), ...redirect });
    setBusy(false);
    if (!r.ok) return setError(r.error.fields?.otp ?? r.error.message ?? t('failed'));
    if (r.data.user_exists) return onDone(r.data);
    setAccessToken(r.data.accessToken ?? '');
    setStep('details');
  }
  async function details(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    const r = await postJson<SignedIn>('/api/verify/details', { accessToken, full_name: name, ...redirect });
    setBusy(false);
    if (r.ok) return onDone(r.data);
    setError(r.error.fields?.full_name ?? r.error.message ?? t('failed'));
    onError(r.error);
  }
  const errorLine = error && (
    <p id="otp-error" className="field-error" role="alert">
      {error}
    </p>
  );
  if (step === 'contact')
    return (
      <form onSubmit={send} noValidate>
        <div className="field">
          <label htmlFor="otp-contact">{t('contact')}</label>
          <input id="otp-contact" value={contact} onChange={(e) => setContact(e.target.value)} autoComplete="username" aria-invalid={error ? true : undefined} aria-describedby={error ? 'otp-error' : undefined} />
          {errorLine}
        </div>
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {t('sendCode')}
        </button>
      </form>
    );
  if (step === 'code')
    return (
      <form onSubmit={verify} noValidate>
        <p role="status">{t('codeSent', { contact })}</p>
        <div className="field">
          <label htmlFor="otp-code">{t('code')}</label>
          <input id="otp-code" value={code} onChange={(e) => setCode(e.target.value)} inputMode="numeric" autoComplete="one-time-code" maxLength={8} aria-invalid={error ? true : undefined} aria-describedby={error ? 'otp-error' : undefined} />
          {errorLine}
        </div>
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {t('verifyCode')}
        </button>
      </form>
    );
  return (
    <form onSubmit={details} noValidate>
      <p role="status">{t('newAccount')}</p>
      <div className="field">
        <label htmlFor="otp-name">{t('fullName')}</label>
        <input id="otp-name" value={name} onChange={(e) => setName(e.target.value)} autoComplete="name" aria-invalid={error ? true : undefined} aria-describedby={error ? 'otp-error' : undefined} />
        {errorLine}
      </div>
      <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
        {t('continue')}
      </button>
    </form>
  );
}

function ForgotForm({ onError }: { onError: (e: ApiFailure) => void }) {
  const t = useTranslations('Auth');
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState('');
  const [error, setError] = useState('');
  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setError('');
    const r = await postJson<{ message: string }>('/api/auth/password/email', { email_id: email });
    if (r.ok) return setSent(r.data.message);
    setError(r.error.fields?.email_id ?? '');
    onError(r.error);
  }
  if (sent) return <p role="status">{sent}</p>;
  return (
    <form onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor="forgot-email">{t('email')}</label>
        <input id="forgot-email" type="email" inputMode="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? 'forgot-error' : undefined} />
        {error && (
          <p id="forgot-error" className="field-error" role="alert">
            {error}
          </p>
        )}
      </div>
      <button type="submit" className="btn btn-primary btn-block">
        {t('sendResetLink')}
      </button>
    </form>
  );
}
