'use client';
// An admin's staff list: each person's roles with a button to take one away, and a form to give an account a role.
import { useState, type FormEvent } from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { STAFF_ROLES, type StaffRole } from '@/lib/constants/desk';
import { StaffGrantSchema } from '@/lib/validation/desk';
import type { StaffListing } from '@/lib/desk/staff';
import { postJson } from '@/components/auth/client-session';
import { Field } from '@/components/forms/Field';

export function StaffManager({ people, self }: { people: StaffListing[]; self: number }) {
  const t = useTranslations('Desk.staff');
  const tRole = useTranslations('Desk.roles');
  const router = useRouter();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>('support');
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [failure, setFailure] = useState('');
  const [done, setDone] = useState('');
  const [busy, setBusy] = useState(false);

  async function send(url: string, body: unknown, message: string) {
    setBusy(true);
    setFailure('');
    setDone('');
    const answer = await postJson(url, body);
    setBusy(false);
    if (answer.ok) {
      setDone(message);
      router.refresh();
    } else if (answer.error.fields?.email) setErrors({ email: answer.error.fields.email });
    else setFailure(answer.error.message || t('failed'));
  }

  function grant(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = StaffGrantSchema.safeParse({ email, role });
    if (!parsed.success) return setErrors({ email: parsed.error.issues[0]?.message });
    setErrors({});
    void send('/api/desk/staff', parsed.data, t('granted'));
  }

  return (
    <>
      <div role="status" className="desk-outcome">
        {done && <p className="desk-done">{done}</p>}
      </div>
      {failure && (
        <p className="notice-error" role="alert">
          {failure}
        </p>
      )}
      <ul className="desk-rows desk-card" data-testid="desk-staff">
        {people.map((p) => (
          <li key={p.id}>
            <strong>
              <bdi>{p.name}</bdi>
            </strong>{' '}
            <bdi dir="ltr" className="desk-break">
              {p.email}
            </bdi>
            <ul className="desk-chips" aria-label={t('rolesOf', { name: p.name })}>
              {p.roles.map((r) => (
                <li key={r}>
                  <span>{tRole(r)}</span>
                  <button
                    type="button"
                    className="desk-chip-remove"
                    disabled={busy}
                    aria-label={t('revoke', { role: tRole(r), name: p.name })}
                    onClick={() => {
                      if (p.id !== self || window.confirm(t('revokeSelf'))) void send('/api/desk/staff/revoke', { user_id: p.id, role: r }, t('revoked'));
                    }}
                  >
                    ×
                  </button>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
      <form className="desk-form desk-card" noValidate onSubmit={grant} aria-labelledby="desk-grant-title">
        <h2 id="desk-grant-title">{t('grantTitle')}</h2>
        <Field id="desk-grant-email" label={t('email')} hint={t('emailHint')} error={errors.email}>
          {(c) => <input {...c} type="email" dir="ltr" autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} />}
        </Field>
        <div className="field">
          <label htmlFor="desk-grant-role">{t('role')}</label>
          <select id="desk-grant-role" value={role} onChange={(e) => setRole(e.target.value as StaffRole)}>
            {STAFF_ROLES.map((r) => (
              <option key={r} value={r}>
                {tRole(r)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {t('grant')}
        </button>
      </form>
    </>
  );
}
