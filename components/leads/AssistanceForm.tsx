'use client';
// spec 7's lead for assistance: a campaigner asks the team for help with a fundraiser and is called back. Unlike the
// signup lead (RaiseFundsForm: cause and city) it carries a message, and may name a fundraiser the sender runs
// (campaignId). AssistanceLeadSchema checks it here and in POST /api/leads/assistance.
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useTranslations } from 'next-intl';
import { zodResolver } from '@hookform/resolvers/zod';
import { AssistanceLeadSchema } from '@/lib/validation/lead';
import { Field } from '@/components/forms/Field';
import { useLeadMessage, useLeadPost } from './lead-client';
import { LeadSent } from './LeadSent';
import { LeadContactRow, LeadSubmit } from './LeadParts';
import './leads.css';

type Values = z.input<typeof AssistanceLeadSchema>;
type Sent = z.output<typeof AssistanceLeadSchema>;

const SHOWN = ['name', 'phone', 'email', 'about'] as const;

export function AssistanceForm({ campaignId, page = 'assistance' }: { campaignId?: number; page?: string }) {
  const t = useTranslations('LeadForms');
  const said = useLeadMessage();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, Sent>({ resolver: zodResolver(AssistanceLeadSchema), defaultValues: { extension: '+91', page, ...(campaignId ? { campaign_id: campaignId } : {}) } });
  const lead = useLeadPost<Values>('/api/leads/assistance', SHOWN, setError);

  if (lead.sent) {
    return (
      <LeadSent
        kind="assistance"
        id={lead.sent.id}
        onAgain={() => {
          reset();
          lead.reset();
        }}
      />
    );
  }

  // registered here, in the order of the page, so the first field in error is the one focused
  const field = { name: register('name'), phone: register('phone'), email: register('email'), about: register('about') };
  return (
    <form className="lead-form" onSubmit={handleSubmit(lead.post)} noValidate>
      <LeadContactRow idPrefix="help" name={field.name} phone={field.phone} nameError={said(errors.name?.message)} phoneError={said(errors.phone?.message)} />
      <Field id="help-email" label={t('email')} error={said(errors.email?.message)}>
        {(c) => <input {...c} type="email" autoComplete="email" dir="ltr" {...field.email} />}
      </Field>
      <Field id="help-about" label={t('assistance.about')} error={said(errors.about?.message)}>
        {(c) => <textarea {...c} rows={4} dir="auto" {...field.about} />}
      </Field>
      <LeadSubmit label={t('assistance.submit')} sending={isSubmitting} failure={said(lead.failure)} />
    </form>
  );
}
