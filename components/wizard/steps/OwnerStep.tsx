// The owner step (fundraisers other than medical and NGO): the campaigner's qualification and work.
import type { UseFormReturn } from 'react-hook-form';
import { useTranslations } from 'next-intl';
import { Field } from '@/components/forms/Field';
import type { FieldError, Values } from '../wizard-values';

export function OwnerStep({ form, err, advanced }: { form: UseFormReturn<Values>; err: FieldError; advanced: boolean }) {
  const t = useTranslations('Wizard');
  const { register } = form;
  return (
    <>
      <Field id="owner_qualification" label={t('qualification')} error={err('owner_qualification')}>
        {(c) => <input {...c} autoComplete="off" {...register('owner_qualification')} />}
      </Field>
      <Field id="owner_occupation" label={t('occupation')} error={err('owner_occupation')}>
        {(c) => <input {...c} autoComplete="organization-title" {...register('owner_occupation')} />}
      </Field>
      {advanced && (
        <Field id="owner_salary" label={t('salary')} hint={t('salaryHint')} error={err('owner_salary')}>
          {(c) => <input {...c} inputMode="numeric" autoComplete="off" {...register('owner_salary')} />}
        </Field>
      )}
    </>
  );
}
