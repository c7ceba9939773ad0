'use client';
// /new/reset-password?token=: a new password from the emailed link; a reset signs the user in (spec 7).
import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { PasswordSchema } from '@/lib/validation/account-fields';
import { goTo, postJson, rememberSignIn } from './client-session';

export function ResetPasswordForm({ token }: { token: string }) {
  const t = useTranslations('Auth');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const parsed = PasswordSchema.safeParse(password);
    if (!parsed.success) return setError(parsed.error.issues[0].message);
    setBusy(true);
    const r = await postJson<{ redirect: string; user: unknown }>('/api/auth/password/reset', { token, password });
    setBusy(false);
    if (!r.ok) return setError(r.error.fields?.password ?? r.error.message ?? t('failed'));
    rememberSignIn(r.data.user);
    goTo(r.data.redirect);
  }
  return (
    <form onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor="reset-password">{t('newPassword')}</label>
        <input id="reset-password" type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? 'reset-error' : undefined} />
        {error && (
          <p id="reset-error" className="field-error" role="alert">
            {error}
          </p>
        )}
      </div>
      <p className="hint">{t('passwordHint')}</p>
      <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
        {t('savePassword')}
      </button>
    </form>
  );
}
