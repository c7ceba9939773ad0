'use client';
// /profile edit form: ProfileSchema checks it here and again in PUT users/me (spec 5 messages).
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ProfileSchema, type ProfileInput } from '@/lib/validation/profile';
import { GENDERS, INDIA_EXTENSION } from '@/lib/constants/people';
import { forgetSignIn } from '@/components/auth/client-session';
import { Field as FormField } from '@/components/forms/Field';

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

  const errorOf = (name: Field) => errors[name]?.message as string | undefined;

  return (
    <form className="profile-form" onSubmit={handleSubmit(save)} noValidate>
      <FormField id="profile-full_name" label={labels.name} error={errorOf('full_name')}>
        {(c) => <input {...c} autoComplete="name" {...field('full_name')} />}
      </FormField>
      <div className="phone-row">
        <FormField id="profile-extension" label={labels.extension} error={errorOf('extension')}>
          {(c) => <input {...c} inputMode="tel" autoComplete="tel-country-code" {...field('extension')} />}
        </FormField>
        <FormField id="profile-phone_1" label={labels.phone} error={errorOf('phone_1')}>
          {(c) => <input {...c} type="tel" inputMode="tel" autoComplete="tel-national" {...field('phone_1')} />}
        </FormField>
      </div>
      <FormField id="profile-pincode" label={labels.pincode} error={errorOf('pincode')}>
        {(c) => <input {...c} inputMode="numeric" autoComplete="postal-code" {...field('pincode')} />}
      </FormField>
      <FormField id="profile-pan_number" label={labels.pan} hint={labels.panHelp} error={errorOf('pan_number')}>
        {(c) => <input {...c} autoCapitalize="characters" spellCheck={false} {...field('pan_number')} />}
      </FormField>
      <FormField id="profile-address_1" label={labels.address} error={errorOf('address_1')}>
        {(c) => <textarea {...c} rows={3} autoComplete="street-address" {...field('address_1')} />}
      </FormField>
      <FormField id="profile-gender" label={labels.gender} error={errorOf('gender')}>
        {(c) => (
          <select {...c} {...field('gender')}>
            <option value="">{labels.genderNone}</option>
            {GENDERS.map((g) => (
              <option key={g} value={g}>
                {labels[GENDER_LABEL[g]]}
              </option>
            ))}
          </select>
        )}
      </FormField>
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
