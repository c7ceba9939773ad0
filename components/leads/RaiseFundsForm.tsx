'use client';
// spec 3's signup lead: someone who wants to raise funds leaves their number, cause and city, and the team calls them.
// POST /api/leads with query_type want_to_raise_funds; SignupLeadSchema checks it here and on the server.
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useTranslations } from 'next-intl';
import { zodResolver } from '@hookform/resolvers/zod';
import { GROUPS_OF } from '@/lib/fundraisers/wizard';
import { SignupLeadSchema, WANT_TO_RAISE_FUNDS } from '@/lib/validation/lead';
import { Field } from '@/components/forms/Field';
import type { CaptchaWidget } from '@/lib/security/captcha';
import { emptyToUndefined, useLeadMessage, useLeadPost } from './lead-client';
import { LeadSent } from './LeadSent';
import { LeadContactRow, LeadSubmit } from './LeadParts';
import './leads.css';

type Values = z.input<typeof SignupLeadSchema>;
type Sent = z.output<typeof SignupLeadSchema>;

const SHOWN = ['name', 'phone', 'email', 'city', 'cause'] as const;
// the kinds of cause the start page offers (the wizard's groups), sent as their names
const CAUSES = GROUPS_OF.any;

export function RaiseFundsForm({ page = 'new/crowdfunding', captcha = null }: { page?: string; captcha?: CaptchaWidget | null }) {
  const t = useTranslations('LeadForms');
  const said = useLeadMessage();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, Sent>({ resolver: zodResolver(SignupLeadSchema), defaultValues: { extension: '+91', page, query_type: WANT_TO_RAISE_FUNDS, cause: '' } });
  const lead = useLeadPost<Values>('/api/leads', SHOWN, setError, captcha);

  if (lead.sent) {
    return (
      <LeadSent
        kind="callBack"
        id={lead.sent.id}
        onAgain={() => {
          reset();
          lead.reset();
        }}
      />
    );
  }

  // registered here, in the order of the page, so the first field in error is the one focused
  const field = { name: register('name'), phone: register('phone'), email: register('email'), city: register('city', { setValueAs: emptyToUndefined }), cause: register('cause') };
  return (
    <form className="lead-form" onSubmit={handleSubmit(lead.post)} noValidate>
      <LeadContactRow idPrefix="call" name={field.name} phone={field.phone} nameError={said(errors.name?.message)} phoneError={said(errors.phone?.message)} />
      <div className="lead-form-row">
        <Field id="call-email" label={t('email')} error={said(errors.email?.message)}>
          {(c) => <input {...c} type="email" autoComplete="email" dir="ltr" {...field.email} />}
        </Field>
        <Field id="call-city" label={t('cityOptional')} error={said(errors.city?.message)}>
          {(c) => <input {...c} type="text" autoComplete="address-level2" dir="auto" {...field.city} />}
        </Field>
      </div>
      <Field id="call-cause" label={t('callBack.cause')} error={said(errors.cause?.message)}>
        {(c) => (
          <select {...c} {...field.cause}>
            <option value="">{t('chooseOne')}</option>
            {CAUSES.map((cause) => (
              <option key={cause} value={cause}>
                {t(`causes.${cause}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      {lead.captcha}
      <LeadSubmit label={t('callBack.submit')} sending={isSubmitting} failure={said(lead.failure)} />
    </form>
  );
}
