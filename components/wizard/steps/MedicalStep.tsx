// The medical step: the disease and hospital (picked from the server's lists, or a hospital typed by hand), the
// hospitalisation and the patient's number.
import type { Dispatch, SetStateAction } from 'react';
import { lazyComponent } from '@/components/ui/lazy-component';
import type { SearchPickerProps } from '../SearchPicker';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslations } from 'next-intl';
import { HOSPITALISATION_STATUSES, REFERRAL_OPTIONS } from '@/lib/constants/fundraisers';
import { Field } from '@/components/forms/Field';
import type { FieldError, Picked, Values } from '../wizard-values';

// the pickers (downshift, swr) load with the step that uses them, not with the wizard
const SearchPicker = lazyComponent<SearchPickerProps>(() => import('../SearchPicker').then((m) => ({ default: m.SearchPicker })));

interface Props {
  form: UseFormReturn<Values>;
  values: Values;
  err: FieldError;
  advanced: boolean;
  picked: Picked;
  setPicked: Dispatch<SetStateAction<Picked>>;
  ownHospital: boolean;
  setOwnHospital: (own: boolean) => void;
}

export function MedicalStep({ form, values, err, advanced, picked, setPicked, ownHospital, setOwnHospital }: Props) {
  const t = useTranslations('Wizard');
  const { register, setValue } = form;
  return (
    <>
      <SearchPicker
        id="disease_id"
        label={t('disease')}
        source="/api/diseases"
        toItem={(r) => ({ id: Number(r.id), name: String(r.name) })}
        value={picked.disease}
        onChange={(item) => {
          setPicked((p) => ({ ...p, disease: item }));
          setValue('disease_id', item ? String(item.id) : '');
        }}
        placeholder={t('searchPlaceholder')}
        error={err('disease_id')}
        labels={{ loading: t('loading'), empty: t('noMatch'), failed: t('failed') }}
      />
      {ownHospital ? (
        <fieldset className="own-hospital" data-testid="own-hospital">
          <legend>{t('ownHospital.legend')}</legend>
          <p className="field-hint">{t('ownHospital.hint')}</p>
          <Field id="new_hospital_name" label={t('ownHospital.name')} error={err('new_hospital_name')}>
            {(c) => <input {...c} autoComplete="off" {...register('new_hospital_name')} />}
          </Field>
          <Field id="new_hospital_city" label={t('ownHospital.city')} error={err('new_hospital_city')}>
            {(c) => <input {...c} autoComplete="off" {...register('new_hospital_city')} />}
          </Field>
          <button
            type="button"
            className="link-button"
            onClick={() => {
              setOwnHospital(false);
              setValue('new_hospital_name', '');
              setValue('new_hospital_city', '');
            }}
          >
            {t('ownHospital.backToList')}
          </button>
        </fieldset>
      ) : (
        <>
          <SearchPicker
            id="hospital_id"
            label={t('hospital')}
            source="/api/hospitals"
            toItem={(r) => ({ id: Number(r.id), name: String(r.name), detail: r.city ? String(r.city) : null })}
            value={picked.hospital}
            onChange={(item) => {
              setPicked((p) => ({ ...p, hospital: item }));
              setValue('hospital_id', item ? String(item.id) : '');
            }}
            placeholder={t('searchPlaceholder')}
            hint={t('hospitalHint')}
            error={err('hospital_id')}
            labels={{ loading: t('loading'), empty: t('noMatch'), failed: t('failed') }}
            after={
              // a hospital the list lacks does not stop the fundraiser (the open list drops below this)
              <button
                type="button"
                className="btn btn-secondary own-hospital-toggle"
                onClick={() => {
                  setOwnHospital(true);
                  setPicked((p) => ({ ...p, hospital: null }));
                  setValue('hospital_id', '');
                  requestAnimationFrame(() => document.getElementById('new_hospital_name')?.focus());
                }}
              >
                {t('ownHospital.toggle')}
              </button>
            }
          />
        </>
      )}
      <fieldset className="choice-grid compact" aria-describedby={err('hospitalisation_status') ? 'hs-error' : undefined}>
        <legend>{t('hospitalisationLegend')}</legend>
        {HOSPITALISATION_STATUSES.map((s) => (
          <label key={s} className={`choice${values.hospitalisation_status === s ? ' chosen' : ''}`}>
            <input type="radio" value={s} {...register('hospitalisation_status')} />
            <span>{t(`hospitalisation.${s}`)}</span>
          </label>
        ))}
        {err('hospitalisation_status') && (
          <p id="hs-error" className="field-error" role="alert">
            {err('hospitalisation_status')}
          </p>
        )}
      </fieldset>
      <Field id="patient_number" label={t('patientNumber')} hint={t('patientNumberHint')} error={err('patient_number')}>
        {(c) => <input {...c} autoComplete="off" {...register('patient_number')} />}
      </Field>
      {advanced && (
        <Field id="referral_option" label={t('referralLabel')} error={err('referral_option')}>
          {(c) => (
            <select {...c} {...register('referral_option')}>
              <option value="">{t('chooseOne')}</option>
              {REFERRAL_OPTIONS.map((o) => (
                <option key={o} value={o}>
                  {t(`referral.${o}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
    </>
  );
}
