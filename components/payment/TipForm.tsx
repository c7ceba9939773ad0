'use client';
// spec 2 /new/standalonetip: a tip to the platform, through the same cart, order and gateway as a gift.
// One zod schema (TipCartSchema) checks it here and again on the server.
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslations } from 'next-intl';
import { zodResolver } from '@hookform/resolvers/zod';
import { TipCartSchema, type TipCartInput } from '@/lib/validation/tip-cart';
import { CURRENCY_CODES, formatMoney, toMinor } from '@/lib/money';
import { STANDALONE_TIP_PRESETS } from '@/lib/constants/giving';
import type { PaymentOption } from '@/lib/payments/options';
import { PaymentModes } from './PaymentModes';
import type { MethodMarks } from './MethodMark';
import { Field } from '../forms/Field';
import { sendToApi } from '../auth/client-session';
import { useCaptcha } from '../forms/Captcha';
import type { CaptchaWidget } from '@/lib/security/captcha';
import { failureMessage } from './failure-message';

interface Props {
  /** each payment method's mark, drawn on the server (methodMarks()) */
  marks?: MethodMarks;
  defaultCurrency: string;
  locale: string;
  /** per currency, the one-time methods a configured gateway takes (worked out on the server); a UPI id collect needs the gift page's waiting, so it is not offered here */
  modesByCurrency: Partial<Record<string, PaymentOption[]>>;
  /** the captcha widget, when the server asks carts for a response */
  captcha?: CaptchaWidget | null;
}

export function TipForm({ defaultCurrency, locale, modesByCurrency, marks, captcha = null }: Props) {
  const t = useTranslations('Payment');
  const tt = useTranslations('Tip');
  const [mode, setMode] = useState<PaymentOption>('UPI');
  const [otherAmount, setOtherAmount] = useState('');
  const [serverError, setServerError] = useState('');
  // one key per visit: a double click or a retried request answers the same order
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const presetsOf = (c: string) => STANDALONE_TIP_PRESETS[c] ?? STANDALONE_TIP_PRESETS.default;
  const {
    register,
    handleSubmit,
    setValue,
    control,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TipCartInput>({
    resolver: zodResolver(TipCartSchema),
    defaultValues: { currency: defaultCurrency as TipCartInput['currency'], tip_amount: presetsOf(defaultCurrency)[1], donor_extension: '+91' },
  });
  const currency = useWatch({ control, name: 'currency' }) as string;
  const amount = Number(useWatch({ control, name: 'tip_amount' })) || 0;
  const modes: PaymentOption[] = (modesByCurrency[currency] ?? []).filter((m) => m !== 'VPA');
  const chosenMode = modes.includes(mode) ? mode : modes[0];
  const total = formatMoney(toMinor(amount), currency, locale, { exact: true });
  const errorOf = (name: keyof TipCartInput) => errors[name]?.message as string | undefined;
  const captchaField = useCaptcha(captcha, { id: 'tip-captcha', locale, requiredMessage: t('captchaRequired') });

  async function onSubmit(values: TipCartInput) {
    setServerError('');
    if (!captchaField.ready()) return;
    const device = window.matchMedia('(max-width: 767px)').matches ? 'mobile' : 'desktop';
    const cart = await sendToApi<{ id: number }>('POST', '/api/standalonetip/cart', { ...values, device, locale, ...captchaField.payload('captcha_response') });
    captchaField.spent(!cart.ok && Boolean(cart.error.fields?.captcha_response));
    if (!cart.ok || !cart.data) {
      if (!cart.ok) for (const [field, message] of Object.entries(cart.error.fields ?? {})) setError(field as keyof TipCartInput, { message });
      return setServerError(failureMessage(cart, t));
    }
    const order = await sendToApi<{ order_id: string }>('POST', '/api/standalonetip/order', { cart_id: cart.data.id, mode: chosenMode, origin: 'tip' }, { headers: { 'Idempotency-Key': idempotencyKey } });
    if (!order.ok || !order.data) return setServerError(failureMessage(order, t));
    const sent = await sendToApi<{ url: string }>('POST', '/api/payment/send', { order_id: order.data.order_id });
    if (!sent.ok || !sent.data?.url) return setServerError(failureMessage(sent, t));
    // the gateway's page takes the payment (UPI apps included) and sends the donor back through payment-route
    window.location.assign(String(sent.data.url));
  }

  function chooseCurrency(c: string) {
    setValue('currency', c as TipCartInput['currency']);
    setOtherAmount('');
    setValue('tip_amount', presetsOf(c)[1], { shouldValidate: true });
  }

  return (
    <form className="panel payment-form" onSubmit={handleSubmit(onSubmit)} noValidate data-testid="tip-form">
      <fieldset>
        <legend>{tt('amountLegend')}</legend>
        <div className="presets" role="group" aria-label={tt('amountLegend')}>
          {presetsOf(currency).map((p) => (
            <button
              key={p}
              type="button"
              className={`chip${!otherAmount && amount === p ? ' selected' : ''}`}
              aria-pressed={!otherAmount && amount === p}
              onClick={() => {
                setOtherAmount('');
                setValue('tip_amount', p, { shouldValidate: true });
              }}
            >
              <bdi>{formatMoney(toMinor(p), currency, locale, { exact: true })}</bdi>
            </button>
          ))}
        </div>
        <div className="amount-row">
          <div className="field">
            <label htmlFor="tip-amount">{t('otherAmount')}</label>
            <input
              id="tip-amount"
              inputMode="decimal"
              dir="ltr"
              value={otherAmount}
              onChange={(e) => {
                setOtherAmount(e.target.value);
                setValue('tip_amount', e.target.value, { shouldValidate: Boolean(errors.tip_amount) });
              }}
              {...(errorOf('tip_amount') ? { 'aria-invalid': true, 'aria-describedby': 'tip-amount-error' } : {})}
            />
          </div>
          <div className="field">
            <label htmlFor="tip-currency">{t('currency')}</label>
            <select id="tip-currency" value={currency} onChange={(e) => chooseCurrency(e.target.value)}>
              {CURRENCY_CODES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </div>
        </div>
        {errorOf('tip_amount') && (
          <p id="tip-amount-error" className="field-error" role="alert">
            {errorOf('tip_amount')}
          </p>
        )}
      </fieldset>
      <PaymentModes legend={t('mode')} modes={modes} chosen={chosenMode} onChoose={setMode} marks={marks} />
      <Field id="tip-donor_name" label={t('name')} error={errorOf('donor_name')}>
        {(c) => <input {...c} autoComplete="name" {...register('donor_name')} />}
      </Field>
      <Field id="tip-donor_email" label={t('email')} hint={tt('receiptHint')} error={errorOf('donor_email')}>
        {(c) => <input {...c} type="email" autoComplete="email" {...register('donor_email')} />}
      </Field>
      <div className="phone-row">
        <Field id="tip-donor_extension" label={t('extension')}>
          {(c) => <input {...c} autoComplete="tel-country-code" size={5} dir="ltr" {...register('donor_extension')} />}
        </Field>
        <Field id="tip-donor_phone" label={t('phone')} error={errorOf('donor_phone')}>
          {(c) => <input {...c} type="tel" autoComplete="tel-national" dir="ltr" {...register('donor_phone')} />}
        </Field>
      </div>
      {captchaField.element}
      {serverError && (
        <p className="field-error" role="alert">
          {serverError}
        </p>
      )}
      <div className="pay-bar">
        <button className="btn btn-primary btn-block" type="submit" disabled={isSubmitting || !chosenMode}>
          {isSubmitting ? t('processing') : tt('submit', { amount: total })}
        </button>
      </div>
    </form>
  );
}
