'use client';
// Pick a plan and name the insured person (spec 5 rules: one zod schema here and on the server). It creates
// the policy (then its page takes the payment), or, given a policy, changes it while it is unpaid.
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslations } from 'next-intl';
import { zodResolver } from '@hookform/resolvers/zod';
import { CreatePolicySchema, type CreatePolicyInput } from '@/lib/validation/insurance';
import { INSURED_RELATIONS } from '@/lib/constants/insurance';
import { INDIA_EXTENSION } from '@/lib/constants/people';
import { signInPath, INSURANCE_PATH } from '@/lib/routes';
import { goTo, sendToApi } from '@/components/auth/client-session';
import { Field } from '@/components/forms/Field';
import type { OfferedPlan } from './InsuranceOffer';

interface Props {
  plans: OfferedPlan[];
  locale: string;
  /** '' for en, '/hi' and so on: our own paths in the page's language */
  localePrefix: string;
  signedIn: boolean;
  /** a plan the visitor chose on the way here (the thank-you offer); nothing is chosen otherwise */
  chosenPlan?: string | null;
  /** given: this unpaid policy is changed instead of a new one created */
  policy?: { id: number; plan_id: string; insured: Omit<CreatePolicyInput, 'plan_id' | 'locale'> | null };
}

export function PolicyForm({ plans, locale, localePrefix, signedIn, chosenPlan = null, policy }: Props) {
  const t = useTranslations('Insurance');
  const [serverError, setServerError] = useState('');
  const [saved, setSaved] = useState(false);
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CreatePolicyInput>({
    resolver: zodResolver(CreatePolicySchema),
    // no relation until one is chosen (a select would otherwise show its first choice as if it were picked)
    defaultValues: { plan_id: policy?.plan_id ?? chosenPlan ?? undefined, extension: INDIA_EXTENSION, relation: '' as CreatePolicyInput['relation'], ...(policy?.insured ?? {}) },
  });
  const picked = useWatch({ control, name: 'plan_id' });
  const errorOf = (name: keyof CreatePolicyInput) => errors[name]?.message as string | undefined;
  const idOf = (name: string) => `${policy ? `policy-${policy.id}` : 'insurance'}-${name}`;

  async function onSubmit(values: CreatePolicyInput) {
    setServerError('');
    setSaved(false);
    if (!signedIn) {
      // a visitor signs in first and comes back with the plan they picked
      const back = `${localePrefix}${INSURANCE_PATH}?${new URLSearchParams({ plan: String(values.plan_id) })}`;
      return goTo(`${localePrefix}${signInPath(back)}`);
    }
    const r = policy
      ? await sendToApi<{ id: number }>('POST', '/api/insurance/update', { ...values, id: policy.id })
      : await sendToApi<{ id: number }>('POST', '/api/insurance/create', { ...values, locale });
    if (!r.ok) {
      for (const [field, message] of Object.entries(r.error.fields ?? {})) setError(field as keyof CreatePolicyInput, { message });
      return setServerError(r.error.message ?? t('errorGeneric'));
    }
    if (policy) {
      setSaved(true);
      return window.location.reload();
    }
    goTo(`${localePrefix}${INSURANCE_PATH}/${r.data.id}`);
  }

  return (
    <form className="panel insurance-form" onSubmit={handleSubmit(onSubmit)} noValidate data-testid={policy ? 'policy-edit-form' : 'policy-form'}>
      <fieldset>
        <legend>{t('planLegend')}</legend>
        <div className="plan-grid">
          {plans.map((p) => (
            <label key={p.plan_id} className={`plan-tile${picked === p.plan_id ? ' selected' : ''}`}>
              <input type="radio" value={p.plan_id} {...register('plan_id')} {...(errorOf('plan_id') ? { 'aria-describedby': idOf('plan_id-error') } : {})} />
              <span className="plan-name">
                <bdi>{p.name}</bdi>
              </span>
              <span className="plan-price">
                <bdi>{p.price}</bdi>
              </span>
            </label>
          ))}
        </div>
        {errorOf('plan_id') && (
          <p id={idOf('plan_id-error')} className="field-error" role="alert">
            {errorOf('plan_id')}
          </p>
        )}
      </fieldset>
      <fieldset>
        <legend>{t('insuredLegend')}</legend>
        <Field id={idOf('full_name')} label={t('fullName')} error={errorOf('full_name')}>
          {(c) => <input {...c} autoComplete="off" {...register('full_name')} />}
        </Field>
        <Field id={idOf('date_of_birth')} label={t('dateOfBirth')} hint={t('dateOfBirthHint')} error={errorOf('date_of_birth')}>
          {(c) => <input {...c} type="date" dir="ltr" placeholder="YYYY-MM-DD" {...register('date_of_birth')} />}
        </Field>
        <Field id={idOf('relation')} label={t('relation')} error={errorOf('relation')}>
          {(c) => (
            <select {...c} {...register('relation')}>
              <option value="" disabled>
                {t('relationChoose')}
              </option>
              {INSURED_RELATIONS.map((r) => (
                <option key={r} value={r}>
                  {t(`relations.${r}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <div className="phone-row">
          <Field id={idOf('extension')} label={t('extension')} error={errorOf('extension')}>
            {(c) => <input {...c} autoComplete="tel-country-code" inputMode="tel" size={5} dir="ltr" {...register('extension')} />}
          </Field>
          <Field id={idOf('phone')} label={t('phone')} error={errorOf('phone')}>
            {(c) => <input {...c} type="tel" inputMode="tel" autoComplete="off" dir="ltr" {...register('phone')} />}
          </Field>
        </div>
      </fieldset>
      {serverError && (
        <p className="field-error" role="alert">
          {serverError}
        </p>
      )}
      {saved && <p role="status">{t('saved')}</p>}
      <button className={`btn ${policy ? 'btn-secondary' : 'btn-primary'} btn-block`} type="submit" disabled={isSubmitting}>
        {isSubmitting ? t('saving') : policy ? t('save') : signedIn ? t('continue') : t('signInToBuy')}
      </button>
    </form>
  );
}
