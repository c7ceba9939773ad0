'use client';
// spec 4/5: the donation form. One zod schema (CartSchema) checks it here and again on the server.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CartSchema, type CartInput } from '@/lib/validation/donation';
import { CURRENCY_CODES, formatMoney, toMinor } from '@/lib/money';
import { DONATION_AMOUNT_PRESETS, UPI_POLL_MS, VPA_POLL_MS } from '@/lib/constants';
import { UPI_ID_PATTERN } from '@/lib/validation/people';
import type { PaymentOption } from '@/lib/payments/options';
import { UpiTimer } from './UpiTimer';
import { MethodMark } from './MethodMark';

// every label already translated on the server ('total' and 'submit' keep their {amount} slot)
type Labels = Record<string, string>;

interface Props {
  fundraiser: { id: number; custom_tag: string; taxBenefit: boolean };
  localePrefix: string;
  vpaTimeoutMs: number;
  /** Pusher Channels, when configured: the result arrives at once instead of on the next poll */
  realtime: { key: string; cluster: string; wsHost?: string; wsPort?: number } | null;
  defaultCurrency: string;
  locale: string;
  /** per currency, the methods a configured gateway takes right now (worked out on the server) */
  modesByCurrency: Partial<Record<string, PaymentOption[]>>;
  labels: Labels;
}

const TIP_PERCENTS = [0, 5, 10, 15];

async function postJson(url: string, body: unknown, headers: Record<string, string> = {}) {
  const r = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body), credentials: 'same-origin' });
  const data = (await r.json().catch(() => null)) as { data?: Record<string, unknown>; error?: { message?: string; fields?: Record<string, string> } } | null;
  return { ok: r.ok, data: data?.data, error: data?.error };
}

export function PaymentForm({ fundraiser, localePrefix, vpaTimeoutMs, realtime, defaultCurrency, locale, modesByCurrency, labels }: Props) {
  const [mode, setMode] = useState<PaymentOption>('UPI');
  const [otherAmount, setOtherAmount] = useState('');
  const [tipPercent, setTipPercent] = useState(0);
  const [serverError, setServerError] = useState('');
  const [vpa, setVpa] = useState('');
  const [vpaError, setVpaError] = useState('');
  const [vpaState, setVpaState] = useState<'idle' | 'waiting' | 'timeout'>('idle');
  const [qrOrder, setQrOrder] = useState<{ orderId: string; url: string } | null>(null);
  // a phone paying by UPI app: where the app or gateway page opens, and when the wait started
  const [upiApp, setUpiApp] = useState<{ url: string; since: number } | null>(null);
  const openUpiApp = useRef<HTMLAnchorElement>(null);
  // the next step is the tap on 'Open UPI app': bring it into view and give it focus
  useEffect(() => openUpiApp.current?.focus(), [upiApp]);
  // one key per visit: a double click or a retried request answers the same order
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const {
    register,
    handleSubmit,
    setValue,
    control,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CartInput>({
    resolver: zodResolver(CartSchema),
    defaultValues: { currency: defaultCurrency as CartInput['currency'], donated_amount: DONATION_AMOUNT_PRESETS[defaultCurrency]?.[1] ?? DONATION_AMOUNT_PRESETS.default[1], is_anonymous: '0', tip_amount: 0, donor_extension: '+91' },
  });
  const currency = useWatch({ control, name: 'currency' }) as string;
  const amount = Number(useWatch({ control, name: 'donated_amount' })) || 0;
  const presets = DONATION_AMOUNT_PRESETS[currency] ?? DONATION_AMOUNT_PRESETS.default;
  // spec 7 payment/options: UPI and wallets take rupees only
  const modes = modesByCurrency[currency] ?? [];
  const chosenMode = modes.includes(mode) ? mode : modes[0];
  const tip = Math.round(amount * tipPercent) / 100;
  const total = useMemo(() => formatMoney(toMinor(amount + tip), currency, locale, { exact: true }), [amount, tip, currency, locale]);

  // spec 4: poll the VPA transaction every 5 s (UPI QR every 5 s too); still pending after the timeout is a failure to report
  async function waitForVpa(orderId: string, pollMs = VPA_POLL_MS, started = Date.now()) {
    setVpaState('waiting');
    if (realtime) {
      // loaded only for a donor who is waiting on a UPI payment
      void import('pusher-js').then(({ default: Pusher }) => {
        const client = new Pusher(realtime.key, { cluster: realtime.cluster, ...(realtime.wsHost ? { wsHost: realtime.wsHost, wsPort: realtime.wsPort, forceTLS: false, enabledTransports: ['ws'] } : {}) });
        client.subscribe(`order-${orderId}`).bind('payment-result', (result: { status: string; redirect: string | null }) => {
          if (result.status === 'success' && result.redirect) window.location.assign(`${localePrefix}${result.redirect}`);
          if (result.status === 'failed') {
            setVpaState('idle');
            setServerError(labels.failedNoReason);
          }
        });
      });
    }
    for (;;) {
      await new Promise((r) => setTimeout(r, pollMs));
      const res = await postJson('/api/verify/vpatxn', { order_id: orderId });
      const status = res.data?.status;
      if (status === 'success') return window.location.assign(`${localePrefix}${String(res.data?.redirect)}`);
      if (status === 'failed') {
        setVpaState('idle');
        return setServerError(labels.failed.replace('{reason}', String(res.data?.failure_reason ?? '')));
      }
      if (Date.now() - started >= vpaTimeoutMs) return setVpaState('timeout');
    }
  }

  async function onSubmit(values: CartInput) {
    setServerError('');
    setUpiApp(null);
    if (chosenMode === 'VPA' && !UPI_ID_PATTERN.test(vpa.trim())) return setVpaError(labels.vpaInvalid);
    setVpaError('');
    const device = window.matchMedia('(max-width: 767px)').matches ? 'mobile' : 'desktop';
    const cart = await postJson(`/api/fundraisers/${fundraiser.id}/cart`, { ...values, tip_amount: tip, device, locale });
    if (!cart.ok || !cart.data) {
      for (const [field, message] of Object.entries(cart.error?.fields ?? {})) setError(field as keyof CartInput, { message });
      return setServerError(cart.error?.message ?? labels.errorGeneric);
    }
    const order = await postJson(`/api/fundraisers/${fundraiser.id}/order`, { cart_id: cart.data.id, mode: chosenMode, origin: 's', ...(chosenMode === 'VPA' ? { vpa: vpa.trim() } : {}) }, { 'Idempotency-Key': idempotencyKey });
    if (!order.ok || !order.data) return setServerError(order.error?.message ?? labels.errorGeneric);
    const sent = await postJson('/api/payment/send', { order_id: order.data.order_id });
    if (!sent.ok || !sent.data) return setServerError(sent.error?.message ?? labels.errorGeneric);
    if (chosenMode === 'VPA') return waitForVpa(String(order.data.order_id));
    // spec 4: on a desktop, UPI is a QR code to scan with a phone; on a phone, the UPI app / gateway page opens
    if (chosenMode === 'UPI' && window.matchMedia('(min-width: 768px)').matches) {
      setQrOrder({ orderId: String(order.data.order_id), url: String(sent.data.url) });
      return waitForVpa(String(order.data.order_id), UPI_POLL_MS);
    }
    if (chosenMode === 'UPI') {
      // the donor taps to open it (a window opened after these awaits is a blocked popup), while this page
      // keeps the order's status and a UPI timer of the same length as the polling's patience
      const since = Date.now();
      setUpiApp({ url: String(sent.data.url), since });
      return waitForVpa(String(order.data.order_id), UPI_POLL_MS, since);
    }
    window.location.assign(String(sent.data.url));
  }

  function choosePreset(p: number) {
    setOtherAmount('');
    setValue('donated_amount', p, { shouldValidate: true });
  }
  function typeAmount(value: string) {
    setOtherAmount(value);
    setValue('donated_amount', value, { shouldValidate: Boolean(errors.donated_amount) });
  }

  const fieldError = (name: keyof CartInput) =>
    errors[name] ? (
      <p id={`pay-${name}-error`} className="field-error" role="alert">
        {errors[name]?.message as string}
      </p>
    ) : null;
  const described = (name: keyof CartInput) => (errors[name] ? { 'aria-invalid': true as const, 'aria-describedby': `pay-${name}-error` } : {});

  return (
    <form className="panel payment-form" onSubmit={handleSubmit(onSubmit)} noValidate data-testid="payment-form">
      <fieldset>
        <legend>{labels.amountLegend}</legend>
        <div className="presets" role="group" aria-label={labels.amountLegend}>
          {presets.map((p) => (
            <button key={p} type="button" className={`chip${!otherAmount && amount === p ? ' selected' : ''}`} aria-pressed={!otherAmount && amount === p} onClick={() => choosePreset(p)}>
              <bdi>{formatMoney(toMinor(p), currency, locale, { exact: true })}</bdi>
            </button>
          ))}
        </div>
        <div className="amount-row">
          <div className="field">
            <label htmlFor="pay-donated_amount">{labels.otherAmount}</label>
            {/* empty unless the donor types: a chosen preset shows on its chip, not here */}
            <input id="pay-donated_amount" inputMode="decimal" dir="ltr" value={otherAmount} onChange={(e) => typeAmount(e.target.value)} {...described('donated_amount')} />
          </div>
          <div className="field">
            <label htmlFor="pay-currency">{labels.currency}</label>
            <select id="pay-currency" {...register('currency')}>
              {CURRENCY_CODES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </div>
        </div>
        {fieldError('donated_amount')}
      </fieldset>
      <fieldset>
        <legend>{labels.mode}</legend>
        <div className="modes">
          {modes.map((m) => (
            <label key={m} className={`mode-tile${chosenMode === m ? ' selected' : ''}`}>
              <input type="radio" name="mode" value={m} checked={chosenMode === m} onChange={() => setMode(m)} />
              <MethodMark mode={m} />
              <span>{labels[`mode${m}`]}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="field">
        <label htmlFor="pay-donor_name">{labels.name}</label>
        <input id="pay-donor_name" autoComplete="name" {...register('donor_name')} {...described('donor_name')} />
        {fieldError('donor_name')}
      </div>
      <div className="field">
        <label htmlFor="pay-donor_email">{labels.email}</label>
        <input id="pay-donor_email" type="email" autoComplete="email" {...register('donor_email')} {...described('donor_email')} />
        {fieldError('donor_email')}
      </div>
      <div className="phone-row">
        <div className="field">
          <label htmlFor="pay-donor_extension">{labels.extension}</label>
          <input id="pay-donor_extension" autoComplete="tel-country-code" size={5} dir="ltr" {...register('donor_extension')} />
        </div>
        <div className="field">
          <label htmlFor="pay-donor_phone">{labels.phone}</label>
          <input id="pay-donor_phone" type="tel" autoComplete="tel-national" dir="ltr" {...register('donor_phone')} {...described('donor_phone')} />
          {fieldError('donor_phone')}
        </div>
      </div>
      <div className="field">
        <label htmlFor="pay-donor_pincode">{labels.pincode}</label>
        <input id="pay-donor_pincode" autoComplete="postal-code" {...register('donor_pincode')} {...described('donor_pincode')} />
        {fieldError('donor_pincode')}
      </div>
      {fundraiser.taxBenefit && (
        <div className="field">
          <label htmlFor="pay-pan">{labels.pan}</label>
          <input id="pay-pan" autoCapitalize="characters" maxLength={10} aria-describedby="pay-pan-help" {...register('pan')} />
          <p id="pay-pan-help" className="muted">
            {labels.panHelp}
          </p>
          {fieldError('pan')}
        </div>
      )}
      <label className="check">
        <input type="checkbox" onChange={(e) => setValue('is_anonymous', e.target.checked ? '1' : '0')} /> {labels.anonymous}
      </label>
      <div className="field">
        <label htmlFor="pay-tip">{labels.tip}</label>
        <select id="pay-tip" value={tipPercent} onChange={(e) => setTipPercent(Number(e.target.value))}>
          {TIP_PERCENTS.map((p) => (
            <option key={p} value={p}>
              {p === 0 ? labels.tipNone : `${p}%`}
            </option>
          ))}
        </select>
        <p className="muted">{labels.platformFee}</p>
      </div>
      {chosenMode === 'VPA' && (
        <div className="field">
          <label htmlFor="pay-vpa">{labels.vpa}</label>
          <input id="pay-vpa" value={vpa} onChange={(e) => setVpa(e.target.value)} placeholder="name@bank" autoComplete="off" aria-invalid={vpaError ? true : undefined} aria-describedby={vpaError ? 'pay-vpa-error' : undefined} />
          {vpaError && (
            <p id="pay-vpa-error" className="field-error" role="alert">
              {vpaError}
            </p>
          )}
        </div>
      )}
      {qrOrder && vpaState !== 'idle' && (
        <figure className="upi-qr" data-testid="upi-qr" data-payment-url={qrOrder.url}>
          {/* eslint-disable-next-line @next/next/no-img-element -- an SVG drawn per order by our API */}
          <img src={`/api/orders/${encodeURIComponent(qrOrder.orderId)}/qr`} width={220} height={220} alt={labels.upiQrTitle} />
          <figcaption>{labels.upiQrTitle}</figcaption>
        </figure>
      )}
      {upiApp && vpaState === 'waiting' && (
        <div className="upi-app" data-testid="upi-app">
          <a ref={openUpiApp} className="btn btn-primary btn-block" href={upiApp.url} target="_blank" rel="noopener" data-testid="upi-open-app">
            {labels.upiOpenApp}
          </a>
          <UpiTimer key={upiApp.since} deadline={upiApp.since + vpaTimeoutMs} durationMs={vpaTimeoutMs} label={labels.upiTimer} minutesLeft={labels.upiMinutesLeft} />
        </div>
      )}
      {vpaState === 'waiting' && (
        <p role="status" data-testid="vpa-waiting">
          {qrOrder ? labels.upiQrWaiting : upiApp ? labels.upiAppWaiting : labels.vpaWaiting}
        </p>
      )}
      {vpaState === 'timeout' && (
        <p className="notice-error" role="alert" data-testid="vpa-timeout">
          {labels.vpaTimeout}
        </p>
      )}
      {serverError && (
        <p className="field-error" role="alert">
          {serverError}
        </p>
      )}
      {/* stays within reach at the bottom of a phone's screen while the donor fills the form */}
      <div className="pay-bar">
        <p className="total" data-testid="payment-total">
          <bdi>{labels.total.replace('{amount}', total)}</bdi>
        </p>
        <button className="btn btn-primary btn-block" type="submit" disabled={isSubmitting || vpaState === 'waiting'}>
          {isSubmitting ? labels.processing : labels.submit.replace('{amount}', total)}
        </button>
      </div>
    </form>
  );
}
