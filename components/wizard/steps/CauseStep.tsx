// The cause step: the purpose (when the variant offers more than one), the cause, and for field staff whom it is for.
import type { UseFormReturn } from 'react-hook-form';
import { useTranslations } from 'next-intl';
import type { CauseGroup } from '@/lib/fundraisers/wizard';
import { Field } from '@/components/forms/Field';
import { GROUP_PARENT, type CauseChoice, type FieldError, type Values } from '../wizard-values';

interface Props {
  form: UseFormReturn<Values>;
  values: Values;
  err: FieldError;
  groups: CauseGroup[];
  group: CauseGroup | null;
  setGroup: (group: CauseGroup) => void;
  causes: Record<CauseGroup, CauseChoice[]>;
  /** field staff starting a fundraiser may start it for a beneficiary */
  offerForOthers: boolean;
  forOthers: boolean;
  setForOthers: (forOthers: boolean) => void;
}

export function CauseStep({ form, values, err, groups, group, setGroup, causes, offerForOthers, forOthers, setForOthers }: Props) {
  const t = useTranslations('Wizard');
  const { register, setValue } = form;
  return (
    <>
      {groups.length > 1 && (
        <fieldset className="choice-grid">
          <legend>{t('purposeLegend')}</legend>
          {groups.map((g) => (
            <label key={g} className={`choice${group === g ? ' chosen' : ''}`}>
              <input
                type="radio"
                name="group"
                value={g}
                checked={group === g}
                onChange={() => {
                  setGroup(g);
                  setValue('parent_cause_id', String(GROUP_PARENT[g]));
                  setValue('cause_id', '');
                }}
              />
              <span>
                <strong>{t(`groups.${g}.title`)}</strong>
                <span className="muted">{t(`groups.${g}.text`)}</span>
              </span>
            </label>
          ))}
        </fieldset>
      )}
      {group && (
        <fieldset className="choice-grid compact" aria-describedby={err('cause_id') ? 'cause-error' : undefined}>
          <legend>{t('causeLegend')}</legend>
          {causes[group].map((c) => (
            <label key={c.id} className={`choice${values.cause_id === String(c.id) ? ' chosen' : ''}`}>
              <input type="radio" value={String(c.id)} {...register('cause_id', { onChange: () => setValue('parent_cause_id', String(GROUP_PARENT[group])) })} />
              <span>{c.label}</span>
            </label>
          ))}
          {err('cause_id') && (
            <p id="cause-error" className="field-error" role="alert">
              {err('cause_id')}
            </p>
          )}
        </fieldset>
      )}
      {!group && err('cause_id') && (
        <p className="field-error" role="alert">
          {err('cause_id')}
        </p>
      )}
      {offerForOthers && (
        <fieldset className="wizard-fos">
          <legend>{t('fos.legend')}</legend>
          <label className="check">
            <input type="checkbox" checked={forOthers} onChange={(e) => setForOthers(e.target.checked)} /> {t('fos.forOthers')}
          </label>
          {forOthers && (
            <>
              <Field id="ba_full_name" label={t('fos.name')} error={err('ba_full_name')}>
                {(c) => <input {...c} autoComplete="off" {...register('ba_full_name')} />}
              </Field>
              <Field id="ba_email" label={t('fos.email')} error={err('ba_email')}>
                {(c) => <input {...c} type="email" autoComplete="off" {...register('ba_email')} />}
              </Field>
              <Field id="ba_phone_1" label={t('fos.phone')} hint={t('fos.hint')} error={err('ba_phone_1')}>
                {(c) => <input {...c} type="tel" inputMode="tel" autoComplete="off" {...register('ba_phone_1')} />}
              </Field>
            </>
          )}
        </fieldset>
      )}
    </>
  );
}
