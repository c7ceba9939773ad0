'use client';
// The referral form (spec 2, 5, 9): someone tells the team about a patient who needs funds for treatment. One zod
// schema (ReferralLeadSchema) checks it here and in POST /api/leads/referral; spec 9's options are sent as listed.
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useTranslations } from 'next-intl';
import { zodResolver } from '@hookform/resolvers/zod';
import { HOSPITALISATION_STATUSES, REFERRAL_OPTIONS } from '@/lib/constants/fundraisers';
import { ReferralLeadSchema } from '@/lib/validation/lead';
import { Field, FieldNotes } from '@/components/forms/Field';
import { emptyToUndefined, useLeadMessage, useLeadPost } from './lead-client';
import { LeadSent } from './LeadSent';
import { LeadContactRow, LeadSubmit } from './LeadParts';
import './leads.css';

type Values = z.input<typeof ReferralLeadSchema>;
type Sent = z.output<typeof ReferralLeadSchema>;

// the fields this form shows: an answer's error on any other (the captcha) is the form's own message
const SHOWN = ['name', 'phone', 'email', 'city', 'referral_option', 'hospitalisation_status', 'about'] as const;
const optional = { setValueAs: emptyToUndefined };

export function ReferralForm({ page = 'refer' }: { page?: string }) {
  const t = useTranslations('LeadForms');
  const said = useLeadMessage();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, Sent>({ resolver: zodResolver(ReferralLeadSchema), defaultValues: { extension: '+91', page, referral_option: '' as Values['referral_option'] } });
  const lead = useLeadPost<Values>('/api/leads/referral', SHOWN, setError);

  if (lead.sent) {
    return (
      <LeadSent
        kind="referral"
        id={lead.sent.id}
        onAgain={() => {
          reset();
          lead.reset();
        }}
      />
    );
  }

  // registered here, in the order of the page, so the first field in error is the one focused
  const field = {
    name: register('name'),
    phone: register('phone'),
    email: register('email', optional),
    city: register('city', optional),
    option: register('referral_option'),
    status: register('hospitalisation_status'),
    about: register('about', optional),
  };
  const statusError = said(errors.hospitalisation_status?.message);
  return (
    <form className="lead-form" onSubmit={handleSubmit(lead.post)} noValidate>
      <LeadContactRow idPrefix="referral" name={field.name} phone={field.phone} nameError={said(errors.name?.message)} phoneError={said(errors.phone?.message)} />
      <div className="lead-form-row">
        <Field id="referral-email" label={t('emailOptional')} error={said(errors.email?.message)}>
          {(c) => <input {...c} type="email" autoComplete="email" dir="ltr" {...field.email} />}
        </Field>
        <Field id="referral-city" label={t('referral.city')} error={said(errors.city?.message)}>
          {(c) => <input {...c} type="text" autoComplete="address-level2" dir="auto" {...field.city} />}
        </Field>
      </div>
      <Field id="referral-option" label={t('referral.option')} error={said(errors.referral_option?.message)}>
        {(c) => (
          <select {...c} {...field.option}>
            <option value="">{t('chooseOne')}</option>
            {REFERRAL_OPTIONS.map((o) => (
              <option key={o} value={o}>
                {t(`options.${o}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <fieldset className={`lead-choices${statusError ? ' has-error' : ''}`} aria-describedby={statusError ? 'referral-status-error' : undefined}>
        <legend>{t('referral.status')}</legend>
        {HOSPITALISATION_STATUSES.map((s) => (
          <label key={s} className="lead-choice">
            <input type="radio" value={s} {...field.status} />
            <span>{t(`statuses.${s}`)}</span>
          </label>
        ))}
        <FieldNotes id="referral-status" error={statusError} />
      </fieldset>
      <Field id="referral-about" label={t('referral.about')} hint={t('referral.aboutHint')} error={said(errors.about?.message)}>
        {(c) => <textarea {...c} rows={4} dir="auto" {...field.about} />}
      </Field>
      <LeadSubmit label={t('referral.submit')} sending={isSubmitting} failure={said(lead.failure)} />
    </form>
  );
}
