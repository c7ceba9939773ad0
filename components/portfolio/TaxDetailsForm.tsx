'use client';
// A gift given without a PAN: the donor adds their PAN and address from the receipt page (a guest through the receipt
// link's token), checked here and again by PUT api/orders/[oi]/tax-details with the same schema.
import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { GiftTaxDetailsSchema, type GiftTaxDetailsInput } from '@/lib/validation/tax';
import { Field } from '@/components/forms/Field';

export type TaxDetailsLabels = Record<'heading' | 'pan' | 'panHelp' | 'address' | 'save' | 'saving' | 'saved' | 'failed', string>;

interface Props {
  orderId: string;
  token: string | null;
  initial: { pan: string | null; address: string | null };
  labels: TaxDetailsLabels;
}

export function TaxDetailsForm({ orderId, token, initial, labels }: Props) {
  const router = useRouter();
  const [result, setResult] = useState<null | 'saved' | 'failed'>(null);
  const [serverMessage, setServerMessage] = useState('');
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<GiftTaxDetailsInput>({ resolver: zodResolver(GiftTaxDetailsSchema), defaultValues: { panNumber: initial.pan ?? '', address: initial.address ?? '', ...(token ? { receipt_token: token } : {}) } });

  async function save(values: GiftTaxDetailsInput) {
    setResult(null);
    try {
      const r = await fetch(`/api/orders/${encodeURIComponent(orderId)}/tax-details`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(values), credentials: 'same-origin' });
      if (r.ok) {
        setResult('saved');
        return router.refresh();
      }
      const body = (await r.json().catch(() => null)) as { error?: { message?: string; fields?: Record<string, string> } } | null;
      for (const [name, message] of Object.entries(body?.error?.fields ?? {})) setError(name as keyof GiftTaxDetailsInput, { message });
      setServerMessage(body?.error?.fields ? '' : (body?.error?.message ?? ''));
      setResult('failed');
    } catch {
      setServerMessage('');
      setResult('failed');
    }
  }

  return (
    <form className="tax-details-form no-print" onSubmit={handleSubmit(save)} noValidate aria-labelledby="tax-details-heading" data-testid="tax-details-form">
      <h3 id="tax-details-heading">{labels.heading}</h3>
      <Field id="tax-pan" label={labels.pan} hint={labels.panHelp} error={errors.panNumber?.message}>
        {(c) => <input {...c} autoCapitalize="characters" spellCheck={false} maxLength={10} autoComplete="off" {...register('panNumber')} />}
      </Field>
      <Field id="tax-address" label={labels.address} error={errors.address?.message}>
        {(c) => <textarea {...c} rows={3} autoComplete="street-address" {...register('address')} />}
      </Field>
      <button type="submit" className="btn btn-secondary" disabled={isSubmitting}>
        {isSubmitting ? labels.saving : labels.save}
      </button>
      <p role="status" aria-live="polite" className={result === 'failed' ? 'field-error' : 'field-hint'}>
        {result === 'saved' ? labels.saved : result === 'failed' ? serverMessage || labels.failed : ''}
      </p>
    </form>
  );
}
