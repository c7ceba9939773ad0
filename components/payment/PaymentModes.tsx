'use client';
// The payment methods as recognisable tiles (spec 9 modes, marks drawn locally): one radio group for the gift, tip and premium forms.
import { useTranslations } from 'next-intl';
import type { PaymentOption } from '@/lib/payments/options';
import { MethodMark } from './MethodMark';

export function PaymentModes({ legend, modes, chosen, onChoose }: { legend: string; modes: readonly PaymentOption[]; chosen: PaymentOption | undefined; onChoose: (mode: PaymentOption) => void }) {
  const t = useTranslations('Payment');
  return (
    <fieldset>
      <legend>{legend}</legend>
      <div className="modes">
        {modes.map((m) => (
          <label key={m} className={`mode-tile${chosen === m ? ' selected' : ''}`}>
            <input type="radio" name="mode" value={m} checked={chosen === m} onChange={() => onChoose(m)} />
            <MethodMark mode={m} />
            <span>{t(`mode${m}`)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
