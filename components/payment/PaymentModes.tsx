'use client';
// The payment methods as recognisable tiles (spec 9 modes, marks drawn locally): one radio group for the gift, tip and premium forms.
import type { ReactNode, Ref } from 'react';
import { useTranslations } from 'next-intl';
import type { PaymentOption } from '@/lib/payments/options';
import type { MethodMarks } from './MethodMark';

interface Props {
  legend: string;
  modes: readonly PaymentOption[];
  chosen: PaymentOption | undefined;
  onChoose: (mode: PaymentOption) => void;
  /** what the chosen method asks for (a UPI ID), shown right under its own tile */
  detail?: ReactNode;
  ref?: Ref<HTMLFieldSetElement>;
  /** each method's mark, drawn on the server (methodMarks()) */
  marks?: MethodMarks;
}

export function PaymentModes({ legend, modes, chosen, onChoose, detail, ref, marks }: Props) {
  const t = useTranslations('Payment');
  return (
    <fieldset ref={ref}>
      <legend>{legend}</legend>
      <div className="modes">
        {modes.map((m) => (
          <div key={m} className="mode-option">
            <label className={`mode-tile${chosen === m ? ' selected' : ''}`}>
              <input type="radio" name="mode" value={m} checked={chosen === m} onChange={() => onChoose(m)} />
              {marks?.[m]}
              <span>{t(`mode${m}`)}</span>
            </label>
            {chosen === m && detail ? <div className="mode-detail">{detail}</div> : null}
          </div>
        ))}
      </div>
    </fieldset>
  );
}
