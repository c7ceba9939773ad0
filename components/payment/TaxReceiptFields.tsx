'use client';
// The 80G receipt's PAN and address, offered on a rupee gift to an NGO that holds 80G: its own chunk, so gifts to
// personal fundraisers do not download it.
import type { UseFormRegister, UseFormSetValue } from 'react-hook-form';
import { useTranslations } from 'next-intl';
import type { CartInput } from '@/lib/validation/cart';
import { Field } from '../forms/Field';

interface Props {
  register: UseFormRegister<CartInput>;
  setValue: UseFormSetValue<CartInput>;
  wants: boolean;
  onWantsChange: (wants: boolean) => void;
  /** the signed-in donor's PAN and address, filled in when she ticks the box */
  saved: { pan?: string | null; address?: string | null } | null | undefined;
  errors: { pan?: string; donor_address?: string };
}

export function TaxReceiptFields({ register, setValue, wants, onWantsChange, saved, errors }: Props) {
  const t = useTranslations('Payment');
  return (
    <fieldset className="tax-receipt-fields" data-testid="tax-receipt-fields">
      <legend className="visually-hidden">{t('want80gLegend')}</legend>
      <label className="check">
        <input
          type="checkbox"
          checked={wants}
          aria-controls="tax-receipt-details"
          onChange={(e) => {
            onWantsChange(e.target.checked);
            // without the receipt, no PAN or address leaves the browser
            if (!e.target.checked) {
              setValue('pan', '');
              setValue('donor_address', '');
            } else if (saved?.pan) {
              setValue('pan', saved.pan);
              setValue('donor_address', saved.address ?? '');
            }
          }}
        />{' '}
        {t('want80g')}
      </label>
      {wants ? (
        <div id="tax-receipt-details" className="tax-receipt-details">
          <Field id="pay-pan" label={t('pan')} hint={t('panHelp')} error={errors.pan}>
            {(c) => <input {...c} autoCapitalize="characters" spellCheck={false} maxLength={10} {...register('pan')} />}
          </Field>
          <Field id="pay-donor_address" label={t('donorAddress')} hint={t('donorAddressHelp')} error={errors.donor_address}>
            {(c) => <textarea {...c} rows={2} autoComplete="street-address" {...register('donor_address')} />}
          </Field>
        </div>
      ) : (
        <p id="tax-receipt-details" className="field-hint">
          {t('no80gHint')}
        </p>
      )}
    </fieldset>
  );
}
