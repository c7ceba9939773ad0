'use client';
// /new/signin: password login and sign-up, one-time code, forgot password, and sign-in links (spec 4, 5, 7).
import { Suspense, lazy, useCallback, useEffect, useRef, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { keepLocale } from '@/lib/i18n/locales';
import { ACCOUNT_MESSAGES } from '@/lib/validation/account-messages';
import { SIGN_IN_CAPTCHA_FIELD as CAPTCHA_FIELD } from '@/lib/constants/auth';
import type { Redirect, SignedIn } from './sign-in-types';
import { FOS_SIGNUP_REDIRECT_DELAY_MS } from '@/lib/constants/auth';
import { INDIA_EXTENSION } from '@/lib/constants/people';
import { SIGNUP_SNACKBAR_MS, SNACKBAR_LONG_MS, SNACKBAR_MS } from '@/lib/constants/ui';
import { isolateLtr } from '@/lib/i18n/bidi';
import { PhoneField } from '@/components/forms/PhoneField';
import type { SignInReason } from '@/lib/routes';
import { rememberEmail, rememberedEmail } from './remembered-email';
import { Snackbar, type SnackbarMessage } from '@/components/ui/Snackbar';
import { goTo, postJson, rememberSignIn, sendToApi, type ApiFailure } from './client-session';
import type { CaptchaWidget } from '@/lib/security/captcha';
import { useCaptcha } from '../forms/Captcha';
import { saveDockAsDraft } from '@/components/wizard/dock';

type Mode = 'login' | 'signup' | 'otp' | 'forgot';
// the sign-up form alone needs react-hook-form and zod: they load when she chooses to sign up, not with the page
const SignupForm = lazy(() => import('./SignupForm').then((m) => ({ default: m.SignupForm })));


/** spec 6: sign-ups made by field-sales staff (registration_source=fos) wait 1 s before the redirect */
export const FIELD_SALES_SOURCE = 'fos';

/** the wallet's login page sent the person back with its code and our signed state (spec 7 paytm login code) */
export type WalletReturn = { code: string; state: string };

export function SignInPanel({
  redirectUri,
  autologinToken,
  socialFailed,
  registrationSource = 'direct',
  walletReturn = null,
  reason = null,
  captcha = null,
}: {
  redirectUri: string | null;
  autologinToken: string | null;
  socialFailed: boolean;
  registrationSource?: string;
  walletReturn?: WalletReturn | null;
  /** why a page sent her here; she is told, and starts with a code (no password to remember) */
  reason?: SignInReason | null;
  /** the captcha widget, when the server asks sign-ups and logins for a response */
  captcha?: CaptchaWidget | null;
}) {
  const t = useTranslations('Auth');
  const locale = useLocale();
  const [mode, setMode] = useState<Mode>(reason ? 'otp' : 'login');
  const [entry, setEntry] = useState<ContactEntry>({ value: '', extension: INDIA_EXTENSION });
  // what this visitor typed before (her gift's email, a taken sign-up email), kept by this tab only: never another's
  useEffect(() => {
    const remembered = rememberedEmail();
    // this tab's storage is read only after hydration (the server has none): applied once, unless she typed first
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (remembered) setEntry((e) => (e.value ? e : { ...e, value: remembered }));
  }, []);
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
        {reason && mode === 'otp' ? t(`reason.${reason}.title`) : titles[mode]}
      </h1>
      {/* why, with the code form it promises (the password forms stay as they are) */}
      {reason && mode === 'otp' && (
        <p className="signin-reason" data-testid="signin-reason">
          {t(`reason.${reason}.text`)}
        </p>
      )}
      {(autologinToken || walletReturn) && <p role="status">{t('autologinWorking')}</p>}
      {mode === 'login' && <LoginForm captcha={captcha} redirect={redirect} entry={entry} setEntry={setEntry} onDone={(d) => finish(d, 'login')} onUseCode={() => switchTo('otp')} onForgot={() => switchTo('forgot')} />}
      {mode === 'signup' && (
        <Suspense fallback={<p role="status">{t('loadingForm')}</p>}>
          <SignupForm
            captcha={captcha}
            redirect={redirect}
            registrationSource={registrationSource}
            onDone={(d) => finish(d, 'signup')}
            onError={(error, email) => {
              // spec 5: a taken email offers LOGIN for 10 s, keeps the email and moves to login
              if (error.message === ACCOUNT_MESSAGES.duplicateEmail) {
                rememberEmail(email);
                setEntry({ value: email, extension: INDIA_EXTENSION });
                switchTo('login');
                setSnack({ text: ACCOUNT_MESSAGES.alreadyRegistered, tone: 'info', durationMs: SIGNUP_SNACKBAR_MS, action: { label: t('loginAction'), onClick: () => switchTo('login') } });
              } else {
                // spec 8: other sign-up errors: the server's message, top centre, long, dismissable
                showError(error, { position: 'top', durationMs: SNACKBAR_LONG_MS });
              }
            }}
          />
        </Suspense>
      )}
      {mode === 'otp' && <OtpForm redirect={redirect} entry={entry} setEntry={setEntry} onDone={(d) => finish(d, 'login')} onError={showError} />}
      {mode === 'forgot' && <ForgotForm initialEmail={entry.value.includes('@') ? entry.value.trim() : ''} onError={showError} />}
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

/** Digits, spaces and dashes: a mobile number being typed (the country picker shows); '@' or letters: an email. */
export const looksLikePhone = (v: string) => /^[\d\s().-]*\d[\d\s().-]*$/.test(v.trim());

/** What she typed to be known by, kept across the forms (login, code, forgot): never typed twice. */
export interface ContactEntry {
  value: string;
  extension: string;
}

/** One field for an email or a mobile number; a number gets the country picker (the shared phone field). */
function ContactField({ id, entry, onChange, error, hint, autoFocus }: { id: string; entry: ContactEntry; onChange: (e: ContactEntry) => void; error?: string; hint?: string; autoFocus?: boolean }) {
  const t = useTranslations('Auth');
  const locale = useLocale();
  return (
    <PhoneField
      id={id}
      label={t('contact')}
      countryLabel={t('countryCode')}
      locale={locale}
      withCountry={looksLikePhone(entry.value)}
      extension={entry.extension}
      onExtensionChange={(extension) => onChange({ ...entry, extension })}
      error={error}
      hint={hint}
      inputProps={{ type: 'text', inputMode: undefined, autoComplete: 'username', autoCapitalize: 'none', spellCheck: false, value: entry.value, autoFocus, onChange: (e) => onChange({ ...entry, value: e.target.value }) }}
    />
  );
}

const contactPayload = (entry: ContactEntry) => (looksLikePhone(entry.value) ? { extension: entry.extension } : {});

function LoginForm({ captcha, redirect, entry, setEntry, onDone, onUseCode, onForgot }: { captcha: CaptchaWidget | null; redirect: Redirect; entry: ContactEntry; setEntry: (e: ContactEntry) => void; onDone: (d: SignedIn) => void; onUseCode: () => void; onForgot: () => void }) {
  const t = useTranslations('Auth');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ contact?: string; password?: string }>({});
  const [busy, setBusy] = useState(false);
  const locale = useLocale();
  const captchaField = useCaptcha(captcha, { id: 'signin-captcha', locale, requiredMessage: t('captchaRequired') });
  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const missing = { ...(entry.value.trim() ? {} : { contact: t('contactMissing') }), ...(password ? {} : { password: t('passwordMissing') }) };
    setErrors(missing);
    if (missing.contact || missing.password || !captchaField.ready()) return;
    setBusy(true);
    const r = await postJson<SignedIn>('/api/auth/login', { email_id: entry.value.trim(), ...contactPayload(entry), password, ...captchaField.payload(CAPTCHA_FIELD), ...redirect });
    setBusy(false);
    if (captchaField.spent(!r.ok && Boolean(r.error.fields?.[CAPTCHA_FIELD]))) return;
    if (r.ok) return onDone(r.data);
    // a wrong password is said under the field, with the two ways on
    if (r.status === 401) return setErrors({ password: t('badCredentials') });
    const f = r.error.fields ?? {};
    if (f.email_id || f.extension) return setErrors({ contact: f.email_id ?? f.extension });
    setErrors({ password: f.password ?? r.error.message ?? t('failed') });
  }
  return (
    <form onSubmit={submit} noValidate>
      <ContactField id="signin-email_id" entry={entry} onChange={setEntry} error={errors.contact} />
      <div className="field">
        <label htmlFor="signin-password">{t('password')}</label>
        <input id="signin-password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} aria-invalid={errors.password ? true : undefined} aria-describedby={errors.password ? 'signin-password-error' : undefined} />
        {errors.password && (
          <div className="field-error-block">
            <p id="signin-password-error" className="field-error" role="alert">
              {errors.password}
            </p>
            <div className="field-error-actions">
              <button type="button" className="link-button" onClick={onForgot}>
                {t('toForgot')}
              </button>
              <button type="button" className="link-button" onClick={onUseCode}>
                {t('useCode')}
              </button>
            </div>
          </div>
        )}
      </div>
      {captchaField.element}
      <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
        {t('login')}
      </button>
    </form>
  );
}

type OtpSent = { request_id: string; resend_after_s: number; codes_left: number };

/** What a refused code request says: the wait when the limit is reached, else the field's own message. */
function codeRequestError(error: ApiFailure, status: number, words: { tooMany: (minutes: number) => string; failed: string }): string {
  if (status === 429 && error.retry_after_s) return words.tooMany(Math.max(1, Math.ceil(error.retry_after_s / 60)));
  return error.fields?.contact ?? error.fields?.extension ?? error.message ?? words.failed;
}

/** The contact as she sees it on the code step: '+1 2025550123' for a number, the email as typed. */
// isolated left to right: an email or '+1 202…' reads whole inside an Arabic or Urdu sentence
const shownContact = (entry: ContactEntry) => isolateLtr(looksLikePhone(entry.value) ? `${entry.extension} ${entry.value.trim()}` : entry.value.trim());

function OtpForm({ redirect, entry, setEntry, onDone, onError }: { redirect: Redirect; entry: ContactEntry; setEntry: (e: ContactEntry) => void; onDone: (d: SignedIn) => void; onError: (e: ApiFailure) => void }) {
  const t = useTranslations('Auth');
  const [step, setStep] = useState<'contact' | 'code' | 'details'>('contact');
  const [sent, setSent] = useState<(OtpSent & { at: number; again: boolean }) | null>(null);
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [accessToken, setAccessToken] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  const contactInput = useRef<HTMLDivElement>(null);
  const waitS = sent ? Math.max(0, Math.ceil((sent.at + sent.resend_after_s * 1000 - now) / 1000)) : 0;
  // the resend button counts down once a second until it may be used
  useEffect(() => {
    if (step !== 'code' || waitS <= 0) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [step, waitS]);

  async function send(again: boolean) {
    setBusy(true);
    setError('');
    const r = await postJson<OtpSent>('/api/auth/login/otpLogin', { contact: entry.value.trim(), ...contactPayload(entry) });
    setBusy(false);
    if (!r.ok) return setError(codeRequestError(r.error, r.status, { tooMany: (minutes) => t('tooManyCodes', { minutes }), failed: t('failed') }));
    const at = Date.now();
    setNow(at);
    setSent({ ...r.data, at, again });
    setCode('');
    setStep('code');
  }
  async function verify(e: React.FormEvent) {
    e.preventDefault();
    if (!sent) return;
    setBusy(true);
    setError('');
    const r = await postJson<SignedIn & { user_exists: boolean; accessToken?: string }>('/api/verify/otp/token', { request_id: sent.request_id, otp: code.trim(), ...redirect });
    setBusy(false);
    if (!r.ok) return setError(r.error.fields?.otp ?? r.error.message ?? t('failed'));
    if (r.data.user_exists) return onDone(r.data);
    setAccessToken(r.data.accessToken ?? '');
    setError('');
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
  const changeContact = () => {
    setStep('contact');
    setError('');
    requestAnimationFrame(() => contactInput.current?.querySelector<HTMLInputElement>('input[type="text"]')?.focus());
  };
  const errorLine = error && (
    <p id="otp-error" className="field-error" role="alert">
      {error}
    </p>
  );
  if (step === 'contact')
    return (
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!entry.value.trim()) return setError(t('contactMissing'));
          void send(false);
        }}
        noValidate
      >
        <div ref={contactInput}>
          <ContactField id="otp-contact" entry={entry} onChange={setEntry} error={error || undefined} hint={t('codeHint')} />
        </div>
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {t('sendCode')}
        </button>
      </form>
    );
  if (step === 'code')
    return (
      <form onSubmit={verify} noValidate>
        <p role="status" data-testid="code-sent">
          {sent?.again ? t('codeResent', { contact: shownContact(entry) }) : t('codeSent', { contact: shownContact(entry) })}
        </p>
        <div className="field">
          <label htmlFor="otp-code">{t('code')}</label>
          <input id="otp-code" value={code} onChange={(e) => setCode(e.target.value)} inputMode="numeric" autoComplete="one-time-code" maxLength={8} autoFocus aria-invalid={error ? true : undefined} aria-describedby={error ? 'otp-error' : undefined} />
          {errorLine}
        </div>
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {t('verifyCode')}
        </button>
        <div className="otp-again">
          <button type="button" className="link-button" disabled={busy || waitS > 0} onClick={() => void send(true)} data-testid="resend-code">
            {waitS > 0 ? t('resendIn', { seconds: waitS }) : t('resend')}
          </button>
          <button type="button" className="link-button" onClick={changeContact}>
            {t('changeContact')}
          </button>
        </div>
        {sent && sent.codes_left <= 2 && <p className="hint">{t('codesLeft', { count: sent.codes_left })}</p>}
      </form>
    );
  return (
    <form onSubmit={details} noValidate>
      <p role="status">{t('newAccount')}</p>
      <div className="field">
        <label htmlFor="otp-name">{t('fullName')}</label>
        <input id="otp-name" value={name} onChange={(e) => setName(e.target.value)} autoComplete="name" autoFocus aria-invalid={error ? true : undefined} aria-describedby={error ? 'otp-error' : undefined} />
        {errorLine}
      </div>
      <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
        {t('continue')}
      </button>
    </form>
  );
}

function ForgotForm({ initialEmail, onError }: { initialEmail: string; onError: (e: ApiFailure) => void }) {
  const t = useTranslations('Auth');
  const [email, setEmail] = useState(initialEmail);
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
