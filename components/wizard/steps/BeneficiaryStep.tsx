// The beneficiary step: who the funds are for, and where they live.
import type { UseFormReturn } from 'react-hook-form';
import { useTranslations } from 'next-intl';
import { BENEFICIARY_RELATIONS } from '@/lib/constants/fundraisers';
import { Field } from '@/components/forms/Field';
import type { FieldError, Values } from '../wizard-values';

export function BeneficiaryStep({ form, values, err }: { form: UseFormReturn<Values>; values: Values; err: FieldError }) {
  const t = useTranslations('Wizard');
  const { register } = form;
  return (
    <>
      <fieldset className="choice-grid compact" aria-describedby={err('beneficiary_relation') ? 'relation-error' : undefined}>
        <legend>{t('relationLegend')}</legend>
        {BENEFICIARY_RELATIONS.map((r) => (
          <label key={r} className={`choice${values.beneficiary_relation === r ? ' chosen' : ''}`}>
            <input type="radio" value={r} {...register('beneficiary_relation')} />
            <span>{t(`relation.${r}`)}</span>
          </label>
        ))}
        {err('beneficiary_relation') && (
          <p id="relation-error" className="field-error" role="alert">
            {err('beneficiary_relation')}
          </p>
        )}
      </fieldset>
      <Field id="beneficiary_name" label={t('beneficiaryName')} error={err('beneficiary_name')}>
        {(c) => <input {...c} autoComplete="off" {...register('beneficiary_name')} />}
      </Field>
      <div className="field-row">
        <Field id="beneficiary_age" label={t('beneficiaryAge')} error={err('beneficiary_age')}>
          {(c) => <input {...c} inputMode="numeric" autoComplete="off" {...register('beneficiary_age')} />}
        </Field>
        <Field id="city" label={t('city')} error={err('city')}>
          {(c) => <input {...c} autoComplete="address-level2" {...register('city')} />}
        </Field>
      </div>
    </>
  );
}
