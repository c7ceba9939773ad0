'use client';
// The acknowledge form (spec 7) under one donation on the dashboard: the campaigner writes a thank-you; the
// first one is emailed to the donor, a later change is only saved. AcknowledgeSchema checks it here and in the route.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { AcknowledgeSchema, type AcknowledgeInput } from '@/lib/validation/donors';
import type { Acknowledgement } from '@/lib/fundraisers/acknowledge';
import { formatDate } from '@/lib/portfolio/format';
import { sendToApi } from '@/components/auth/client-session';
import { Field } from '@/components/forms/Field';

export type AcknowledgeLabels = Record<'open' | 'messageTo' | 'hint' | 'send' | 'update' | 'sending' | 'sent' | 'saved' | 'failed' | 'acknowledged' | 'notAcknowledged', string>;

interface Props {
  fundraiserId: number;
  orderId: string;
  /** the donor as the dashboard shows them ('Anonymous' for an anonymous gift) */
  donorName: string;
  locale: string;
  initial: { message: string | null; acknowledged_at: string | null };
  /** messageTo and acknowledged keep their {name} and {date} placeholders */
  labels: AcknowledgeLabels;
}

export function AcknowledgeForm({ fundraiserId, orderId, donorName, locale, initial, labels }: Props) {
  const [acknowledgedAt, setAcknowledgedAt] = useState(initial.acknowledged_at);
  const [notice, setNotice] = useState('');
  const [failure, setFailure] = useState('');
  const { register, handleSubmit, setError, formState } = useForm<z.input<typeof AcknowledgeSchema>, unknown, AcknowledgeInput>({
    resolver: zodResolver(AcknowledgeSchema),
    defaultValues: { message: initial.message ?? '' },
  });
  const id = `ack-${orderId}`;
  // the donor's name keeps its own direction inside an Arabic or Urdu label
  const [before, after = ''] = labels.messageTo.split('{name}');

  async function send(values: AcknowledgeInput) {
    setNotice('');
    setFailure('');
    const r = await sendToApi<Acknowledgement>('PUT', `/api/fundraisers/${fundraiserId}/donors/${encodeURIComponent(orderId)}/acknowledge`, values);
    if (!r.ok) {
      if (r.error.fields?.message) return setError('message', { message: r.error.fields.message }, { shouldFocus: true });
      return setFailure(r.error.message || labels.failed);
    }
    setAcknowledgedAt(r.data.acknowledged_at);
    setNotice(r.data.emailed ? labels.sent : labels.saved);
  }

  return (
    <div className="acknowledge">
      <p className={`acknowledge-status${acknowledgedAt ? ' is-done' : ''}`} data-testid="acknowledge-status">
        {acknowledgedAt ? labels.acknowledged.replace('{date}', formatDate(acknowledgedAt, locale)) : labels.notAcknowledged}
      </p>
      <details className="acknowledge-details">
        <summary>{labels.open}</summary>
        <form className="acknowledge-form" onSubmit={handleSubmit(send)} noValidate>
          <Field id={id} label={
              <>
                {before}
                <bdi>{donorName}</bdi>
                {after}
              </>
            } hint={labels.hint} error={formState.errors.message?.message}>
            {(c) => <textarea {...c} rows={3} dir="auto" {...register('message')} />}
          </Field>
          <button type="submit" className="btn btn-secondary" disabled={formState.isSubmitting}>
            {formState.isSubmitting ? labels.sending : acknowledgedAt ? labels.update : labels.send}
          </button>
          <div aria-live="polite">
            {notice && <p className="notice-success">{notice}</p>}
            {failure && <p className="field-error">{failure}</p>}
          </div>
        </form>
      </details>
    </div>
  );
}
