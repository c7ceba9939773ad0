'use client';
// spec 2 /new/anniversary (origin tann): mark an occasion with a gift. The donor names the occasion and whom it
// honours, picks a fundraiser, and goes on to its payment page, which carries the dedication to the cart.
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslations } from 'next-intl';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { DedicationSchema } from '@/lib/validation/gift-fields';
import { ANNIVERSARY_OCCASIONS } from '@/lib/constants/giving';
import { anniversaryPaymentPath } from '@/lib/routes';
import { Field } from '../forms/Field';
import { FallbackImage } from '../ui/FallbackImage';
import { DEFAULT_FUNDRAISER_IMAGE } from '@/lib/fundraisers/rules';

interface Choice {
  id: number;
  custom_tag: string;
  title: string;
  image: string;
  raisedOf: string;
}

const FormSchema = DedicationSchema.extend({ fundraiser_id: z.coerce.number({ error: 'Please choose a fundraiser' }).int().positive('Please choose a fundraiser') });
type FormInput = z.input<typeof FormSchema>;

export function AnniversaryForm({ choices, localePrefix }: { choices: Choice[]; localePrefix: string }) {
  const t = useTranslations('Anniversary');
  const [going, setGoing] = useState(false);
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<FormInput>({ resolver: zodResolver(FormSchema), defaultValues: { occasion: 'birthday', honoree: '', message: '' } });
  const picked = Number(useWatch({ control, name: 'fundraiser_id' }));

  function onSubmit(values: FormInput) {
    const f = choices.find((c) => c.id === Number(values.fundraiser_id));
    if (!f) return;
    setGoing(true);
    window.location.assign(`${localePrefix}${anniversaryPaymentPath(f, { occasion: values.occasion, honoree: values.honoree, message: values.message || undefined })}`);
  }

  return (
    <form className="panel payment-form" onSubmit={handleSubmit(onSubmit)} noValidate data-testid="anniversary-form">
      <Field id="ann-occasion" label={t('occasion')} error={errors.occasion?.message}>
        {(c) => (
          <select {...c} {...register('occasion')}>
            {ANNIVERSARY_OCCASIONS.map((o) => (
              <option key={o} value={o}>
                {t(`occasions.${o}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field id="ann-honoree" label={t('honoree')} hint={t('honoreeHint')} error={errors.honoree?.message}>
        {(c) => <input {...c} autoComplete="off" {...register('honoree')} />}
      </Field>
      <Field id="ann-message" label={t('message')} error={errors.message?.message}>
        {(c) => <textarea {...c} rows={2} {...register('message')} />}
      </Field>
      <fieldset>
        <legend>{t('pick')}</legend>
        <div className="anniversary-choices">
          {choices.map((f) => (
            <label key={f.id} className={`mode-tile anniversary-choice${picked === f.id ? ' selected' : ''}`}>
              <input type="radio" value={f.id} {...register('fundraiser_id')} />
              <FallbackImage src={f.image} fallbackSrc={DEFAULT_FUNDRAISER_IMAGE} alt="" width={64} height={48} loading="lazy" />
              <span>
                <bdi>{f.title}</bdi>
                <small className="muted">
                  <bdi>{f.raisedOf}</bdi>
                </small>
              </span>
            </label>
          ))}
        </div>
        {errors.fundraiser_id && (
          <p className="field-error" role="alert">
            {errors.fundraiser_id.message}
          </p>
        )}
      </fieldset>
      <div className="pay-bar">
        <button className="btn btn-primary btn-block" type="submit" disabled={going}>
          {t('continue')}
        </button>
      </div>
    </form>
  );
}
