'use client';
// The NGO's address, PAN and 80G registration with its validity: printed on every 80G receipt and filed in Form 10BD.
// NgoTaxDetailsSchema checks it here and again in PUT api/ngos/[id]/tax-details.
import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { NgoTaxDetailsSchema, type NgoTaxDetailsInput, type NgoTaxDetailsOutput } from '@/lib/validation/tax';
import { Field } from '@/components/forms/Field';

type Name = keyof NgoTaxDetailsInput;
export type NgoTaxDetailsLabels = Record<Name | 'registrationHelp' | 'validUntilHelp' | 'save' | 'saving' | 'saved' | 'failed', string>;

interface Props {
  entityId: number;
  initial: Record<Name, string | null>;
  labels: NgoTaxDetailsLabels;
}

export function NgoTaxDetailsForm({ entityId, initial, labels }: Props) {
  const router = useRouter();
  const [result, setResult] = useState<null | 'saved' | 'failed'>(null);
  const defaults = Object.fromEntries(Object.entries(initial).map(([k, v]) => [k, v ?? ''])) as Record<Name, string>;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<NgoTaxDetailsInput, unknown, NgoTaxDetailsOutput>({ resolver: zodResolver(NgoTaxDetailsSchema), defaultValues: defaults });

  async function save(values: unknown) {
    setResult(null);
    try {
      const r = await fetch(`/api/ngos/${entityId}/tax-details`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(values), credentials: 'same-origin' });
      if (r.ok) {
        setResult('saved');
        return router.refresh();
      }
      const body = (await r.json().catch(() => null)) as { error?: { fields?: Record<string, string> } } | null;
      for (const [name, message] of Object.entries(body?.error?.fields ?? {})) setError(name as Name, { message });
      setResult('failed');
    } catch {
      setResult('failed');
    }
  }
  const errorOf = (name: Name) => errors[name]?.message as string | undefined;
  const field = (name: Name) => ({ ...register(name), defaultValue: defaults[name] });

  return (
    <form className="ngo-tax-form" onSubmit={handleSubmit(save)} noValidate data-testid="ngo-tax-details">
      <Field id="ngo-registration_80g" label={labels.registration_80g} hint={labels.registrationHelp} error={errorOf('registration_80g')}>
        {(c) => <input {...c} autoCapitalize="characters" spellCheck={false} {...field('registration_80g')} />}
      </Field>
      <Field id="ngo-registration_80g_valid_until" label={labels.registration_80g_valid_until} hint={labels.validUntilHelp} error={errorOf('registration_80g_valid_until')}>
        {(c) => <input {...c} type="date" {...field('registration_80g_valid_until')} />}
      </Field>
      <Field id="ngo-registration_80g_issued_on" label={labels.registration_80g_issued_on} error={errorOf('registration_80g_issued_on')}>
        {(c) => <input {...c} type="date" {...field('registration_80g_issued_on')} />}
      </Field>
      <Field id="ngo-pan_number" label={labels.pan_number} error={errorOf('pan_number')}>
        {(c) => <input {...c} autoCapitalize="characters" spellCheck={false} maxLength={10} {...field('pan_number')} />}
      </Field>
      <Field id="ngo-address" label={labels.address} error={errorOf('address')}>
        {(c) => <textarea {...c} rows={2} autoComplete="street-address" {...field('address')} />}
      </Field>
      <Field id="ngo-city" label={labels.city} error={errorOf('city')}>
        {(c) => <input {...c} autoComplete="address-level2" {...field('city')} />}
      </Field>
      <button type="submit" className="btn btn-secondary" disabled={isSubmitting}>
        {isSubmitting ? labels.saving : labels.save}
      </button>
      <p role="status" aria-live="polite" className={result === 'failed' ? 'field-error' : 'field-hint'}>
        {result === 'saved' ? labels.saved : result === 'failed' ? labels.failed : ''}
      </p>
    </form>
  );
}
