// The goal step: the amount, its currency and the end date.
import type { UseFormReturn } from 'react-hook-form';
import { useTranslations } from 'next-intl';
import { CURRENCY_CODES } from '@/lib/money';
import { Field } from '@/components/forms/Field';
import type { FieldError, Values } from '../wizard-values';

interface Props {
  form: UseFormReturn<Values>;
  err: FieldError;
  /** the first and last end dates allowed (YYYY-MM-DD, India's calendar) */
  dates: { min: string; max: string };
}

export function GoalStep({ form, err, dates }: Props) {
  const t = useTranslations('Wizard');
  const { register } = form;
  return (
    <>
      <div className="field-row goal-row">
        <Field id="currency" label={t('currency')} error={err('currency')}>
          {(c) => (
            <select {...c} {...register('currency')}>
              {CURRENCY_CODES.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id="goal" label={t('goal')} hint={t('goalHint')} error={err('goal')}>
          {(c) => <input {...c} inputMode="numeric" autoComplete="off" {...register('goal')} />}
        </Field>
      </div>
      <Field id="end_date" label={t('endDate')} hint={t('endDateHint')} error={err('end_date')}>
        {(c) => <input {...c} type="date" min={dates.min} max={dates.max} {...register('end_date')} />}
      </Field>
    </>
  );
}
