'use client';
// /profile edit form: ProfileSchema checks it here and again in PUT users/me (spec 5 messages).
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ProfileSchema, type ProfileInput } from '@/lib/validation/profile';
import { GENDERS, INDIA_EXTENSION } from '@/lib/constants';
import { forgetSignIn } from '@/components/auth/client-session';

export type ProfileLabels = Record<
  | 'name'
  | 'extension'
  | 'phone'
  | 'pincode'
  | 'pan'
  | 'panHelp'
  | 'address'
  | 'gender'
  | 'genderNone'
  | 'genderMale'
  | 'genderFemale'
  | 'genderOther'
  | 'save'
  | 'saving'
  | 'saved'
  | 'failed'
  | 'signInAgain',
  string
>;

type Field = keyof ProfileInput;

const GENDER_LABEL = { male: 'genderMale', female: 'genderFemale', other: 'genderOther' } as const;

interface Props {
  initial: { full_name: string; extension: string | null; phone_1: string | null; pincode: string | null; pan_number: string | null; address_1: string | null; gender: string | null };
  labels: ProfileLabels;
  signInHref: string;
}

export function ProfileForm({ initial, labels, signInHref }: Props) {
  const defaults: Record<Field, string> = {
    full_name: initial.full_name,
    extension: initial.extension ?? INDIA_EXTENSION,
    phone_1: initial.phone_1 ?? '',
    pincode: initial.pincode ?? '',
    pan_number: initial.pan_number ?? '',
    address_1: initial.address_1 ?? '',
    gender: (GENDERS as readonly string[]).includes(initial.gender ?? '') ? initial.gender! : '',
  };
  const [result, setResult] = useState<null | 'saved' | 'failed' | 'signed-out'>(null);
  const [serverMessage, setServerMessage] = useState('');
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ProfileInput>({ resolver: zodResolver(ProfileSchema), defaultValues: defaults });
  // the server's HTML carries the values too, so the form is filled before the script runs
  const field = (name: Field) => ({ ...register(name), defaultValue: defaults[name] });

  async function save(values: unknown) {
    setResult(null);
    try {
      const r = await fetch('/api/users/me', { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(values), credentials: 'same-origin' });
      if (r.ok) return setResult('saved');
      const body = (await r.json().catch(() => null)) as { error?: { code?: string; message?: string; fields?: Record<string, string> } } | null;
      if (r.status === 401) {
        // spec 4 and 8: a session that ended is cleared from the browser without an error message
        forgetSignIn();
        return setResult('signed-out');
      }
      for (const [name, message] of Object.entries(body?.error?.fields ?? {})) setError(name as Field, { message });
      setServerMessage(body?.error?.fields ? '' : (body?.error?.message ?? ''));
      setResult('failed');
    } catch {
      setServerMessage('');
      setResult('failed');
    }
  }

  const fieldError = (name: Field) =>
    errors[name] ? (
      <p id={`profile-${name}-error`} className="field-error" role="alert">
        {errors[name]?.message as string}
      </p>
    ) : null;
  const described = (name: Field, hint?: string) => {
    const ids = [hint, errors[name] ? `profile-${name}-error` : undefined].filter(Boolean).join(' ');
    return { ...(errors[name] ? { 'aria-invalid': true as const } : {}), ...(ids ? { 'aria-describedby': ids } : {}) };
  };

  return (
    <form className="profile-form" onSubmit={handleSubmit(save)} noValidate>
      <div className="field">
        <label htmlFor="profile-full_name">{labels.name}</label>
        <input id="profile-full_name" autoComplete="name" {...field('full_name')} {...described('full_name')} />
        {fieldError('full_name')}
      </div>
      <div className="phone-row">
        <div className="field">
          <label htmlFor="profile-extension">{labels.extension}</label>
          <input id="profile-extension" inputMode="tel" autoComplete="tel-country-code" {...field('extension')} {...described('extension')} />
          {fieldError('extension')}
        </div>
        <div className="field">
          <label htmlFor="profile-phone_1">{labels.phone}</label>
          <input id="profile-phone_1" type="tel" inputMode="tel" autoComplete="tel-national" {...field('phone_1')} {...described('phone_1')} />
          {fieldError('phone_1')}
        </div>
      </div>
      <div className="field">
        <label htmlFor="profile-pincode">{labels.pincode}</label>
        <input id="profile-pincode" inputMode="numeric" autoComplete="postal-code" {...field('pincode')} {...described('pincode')} />
        {fieldError('pincode')}
      </div>
      <div className="field">
        <label htmlFor="profile-pan_number">{labels.pan}</label>
        <input id="profile-pan_number" autoCapitalize="characters" spellCheck={false} {...field('pan_number')} {...described('pan_number', 'profile-pan-help')} />
        <p id="profile-pan-help" className="muted hint">
          {labels.panHelp}
        </p>
        {fieldError('pan_number')}
      </div>
      <div className="field">
        <label htmlFor="profile-address_1">{labels.address}</label>
        <textarea id="profile-address_1" rows={3} autoComplete="street-address" {...field('address_1')} {...described('address_1')} />
        {fieldError('address_1')}
      </div>
      <div className="field">
        <label htmlFor="profile-gender">{labels.gender}</label>
        <select id="profile-gender" {...field('gender')} {...described('gender')}>
          <option value="">{labels.genderNone}</option>
          {GENDERS.map((g) => (
            <option key={g} value={g}>
              {labels[GENDER_LABEL[g]]}
            </option>
          ))}
        </select>
        {fieldError('gender')}
      </div>
      <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
        {isSubmitting ? labels.saving : labels.save}
      </button>
      <div aria-live="polite">
        {result === 'saved' && (
          <p className="notice-success" role="status">
            {labels.saved}
          </p>
        )}
        {result === 'failed' && <p className="field-error">{serverMessage || labels.failed}</p>}
        {result === 'signed-out' && (
          <p className="field-error">
            <a href={signInHref}>{labels.signInAgain}</a>
          </p>
        )}
      </div>
    </form>
  );
}
