'use client';
// FCRA's question, shown only when a gift could be a foreign contribution: its own chunk, so the many gifts that never
// ask it do not download it.
import type { UseFormRegister } from 'react-hook-form';
import { useTranslations } from 'next-intl';
import type { CartInput } from '@/lib/validation/cart';

interface Props {
  register: UseFormRegister<CartInput>;
  error?: string;
  /** the NGO's name when a foreign citizen has answered and it has no valid FCRA registration */
  refusedBy: string | null;
  localePrefix: string;
}

export function CitizenshipFields({ register, error, refusedBy, localePrefix }: Props) {
  const t = useTranslations('Payment');
  return (
    <fieldset className="citizenship" data-testid="citizenship" aria-describedby={error ? 'pay-citizenship-error' : 'pay-citizenship-hint'}>
      <legend>{t('citizenship.legend')}</legend>
      <p id="pay-citizenship-hint" className="field-hint">
        {t('citizenship.hint')}
      </p>
      <label className="check">
        <input type="radio" value="indian" {...register('citizenship')} data-testid="citizenship-indian" /> {t('citizenship.indian')}
      </label>
      <label className="check">
        <input type="radio" value="foreign" {...register('citizenship')} data-testid="citizenship-foreign" /> {t('citizenship.foreign')}
      </label>
      {error && refusedBy === null && (
        <p id="pay-citizenship-error" className="field-error">
          {error}
        </p>
      )}
      {refusedBy !== null && (
        <div id="fcra-refused" className="notice-error" role="alert" tabIndex={-1} data-testid="fcra-refused">
          <p>{t('citizenship.refused', { ngo: refusedBy })}</p>
          <p>{t('citizenship.refusedIndian')}</p>
          <a href={`${localePrefix}/all-fundraisers`}>{t('citizenship.otherFundraisers')}</a>
        </div>
      )}
    </fieldset>
  );
}
