'use client';
// Monthly giving: causes (medical first), an amount for each with presets, the currency and the payment
// method. spec 5's rules run here from lib/sip/rules.ts, as the server runs them; the rounded amount is shown before paying.
import { useMemo, useState } from 'react';
import { useLocale } from 'next-intl';
import { formatMoney, toMinor } from '@/lib/money';
import { SIP_MANDATE_HEADROOM } from '@/lib/constants/sip';
import { isSipUpiHandle, roundSipAmount, sipCausesFor, sipMethodsFor, sipMinimumMajor, sipTotalProblems, type SipCurrency, type SipPaymentMethod } from '@/lib/sip/rules';
import { sendToApi } from '@/components/auth/client-session';
import { Field } from '@/components/forms/Field';
import { fillTemplate } from '@/lib/i18n/fill';

type Method = SipPaymentMethod;
/** presets as multiples of the currency's minimum (₹100: 100, 250, 500, 1000) */
const PRESET_MULTIPLES = [1, 2.5, 5, 10];

export interface SubscribeLabels {
  causes: string;
  causesHint: string;
  /** templates filled here: {cause}, {amount}, {entered} and {rounded} */
  amountFor: string;
  presetsFor: string;
  currency: string;
  method: string;
  methods: Record<Method, string>;
  vpa: string;
  vpaHint: string;
  vpaError: string;
  /** the mandate's cap the bank's page shows, explained before it; holds {cap}, {times} and {amount} */
  capNote: string;
  total: string;
  rounded: string;
  submit: string;
  submitting: string;
  failed: string;
  pickCause: string;
  causeNames: Record<string, string>;
}

interface Props {
  labels: SubscribeLabels;
  /** the currency picker's entries ('₹ INR'), labelled on the server: the browser needs no currency table */
  currencyOptions: { code: SipCurrency; label: string }[];
  /** what the donor already gives monthly (spec 5's exception to the minimum) */
  existing: { sip_cause: string; amount: number; currency: string }[];
  defaultCause: string;
  defaultAmount: number;
}

export function SubscribeForm({ labels, currencyOptions, existing, defaultCause, defaultAmount }: Props) {
  const locale = useLocale();
  const [currency, setCurrency] = useState<SipCurrency>('INR');
  const [amounts, setAmounts] = useState<Record<string, string>>({ [defaultCause]: String(defaultAmount) });
  const [method, setMethod] = useState<Method>('Emandate');
  const [vpa, setVpa] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const offered = sipCausesFor(currency) as readonly string[];
  const chosen = Object.keys(amounts).filter((c) => offered.includes(c));
  // e-mandates and UPI AutoPay are Indian rails; other currencies give by card
  const methods = sipMethodsFor(currency);
  const minimum = sipMinimumMajor(currency);
  const money = (major: number) => formatMoney(toMinor(major), currency, locale);
  const causes = useMemo(() => chosen.map((c) => ({ sip_cause: c, amount: roundSipAmount(Number(amounts[c]) || 0, currency) })), [chosen, amounts, currency]);
  const total = causes.reduce((n, c) => n + c.amount, 0);

  function toggle(cause: string, on: boolean) {
    setAmounts((a) => {
      const next = { ...a };
      if (on) next[cause] = next[cause] ?? String(minimum);
      else delete next[cause];
      return next;
    });
  }

  function changeCurrency(next: SipCurrency) {
    setCurrency(next);
    const min = sipMinimumMajor(next);
    // amounts start again from the new currency's minimum; the causes stay where offered
    setAmounts((a) => Object.fromEntries(Object.keys(a).filter((c) => (sipCausesFor(next) as readonly string[]).includes(c)).map((c) => [c, String(min)])));
    if (next !== 'INR') setMethod('CARD');
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    // the minimums judge what was entered, as the server does; the rounded amounts are what is sent and charged
    const entered = chosen.map((c) => ({ sip_cause: c, amount: Number(amounts[c]) || 0 }));
    const problems: Record<string, string> = { ...sipTotalProblems({ currency, causes: entered, existing }) };
    if (!causes.length) problems.causes = labels.pickCause;
    if (method === 'UPIRECURRING' && !isSipUpiHandle(vpa)) problems.vpa = labels.vpaError;
    setErrors(problems);
    if (Object.keys(problems).length) return document.getElementById(fieldId(Object.keys(problems)[0]))?.focus();
    setBusy(true);
    const r = await sendToApi<{ authorise_url: string }>('POST', '/api/sip/subscribe', {
      currency,
      causes,
      payment_method: method,
      ...(method === 'UPIRECURRING' ? { vpa } : {}),
      month_interval: 1,
      locale,
    });
    if (!r.ok) {
      setBusy(false);
      return setErrors(r.error.fields ?? { form: r.error.message ?? labels.failed });
    }
    // the mandate is authorised on the gateway's (or the bank's) own page
    window.location.assign(r.data.authorise_url);
  }

  const fieldId = (key: string) => {
    const m = /^causes\.(\d+)\.amount$/.exec(key);
    return m ? `sip-amount-${causes[Number(m[1])]?.sip_cause}` : key === 'vpa' ? 'sip-vpa' : 'sip-causes';
  };
  const amountError = (cause: string) => errors[`causes.${causes.findIndex((c) => c.sip_cause === cause)}.amount`];

  return (
    <form className="panel sip-form" onSubmit={submit} noValidate data-testid="sip-form">
      <div className="field">
        <label htmlFor="sip-currency">{labels.currency}</label>
        <select id="sip-currency" value={currency} onChange={(e) => changeCurrency(e.target.value as SipCurrency)}>
          {currencyOptions.map((c) => (
            <option key={c.code} value={c.code}>
              {c.label}
            </option>
          ))}
        </select>
      </div>

      <fieldset className="sip-causes" id="sip-causes" tabIndex={-1} aria-describedby="sip-causes-help">
        <legend>{labels.causes}</legend>
        <p id="sip-causes-help" className="field-hint">
          {labels.causesHint}
        </p>
        {offered.map((cause) => {
          const on = chosen.includes(cause);
          const err = on ? amountError(cause) : undefined;
          return (
            <div key={cause} className={`sip-cause${on ? ' is-on' : ''}`}>
              <label className="sip-cause-name">
                <input type="checkbox" checked={on} onChange={(e) => toggle(cause, e.target.checked)} /> {labels.causeNames[cause] ?? cause}
              </label>
              {on && (
                <div className="sip-cause-amount">
                  <div className="sip-presets" role="group" aria-label={fillTemplate(labels.presetsFor, { cause: labels.causeNames[cause] ?? cause })}>
                    {PRESET_MULTIPLES.map((m) => {
                      const v = String(minimum * m);
                      return (
                        <button key={m} type="button" className={`chip${amounts[cause] === v ? ' selected' : ''}`} aria-pressed={amounts[cause] === v} onClick={() => setAmounts((a) => ({ ...a, [cause]: v }))}>
                          {money(minimum * m)}
                        </button>
                      );
                    })}
                  </div>
                  <Field id={`sip-amount-${cause}`} label={fillTemplate(labels.amountFor, { cause: labels.causeNames[cause] ?? cause })} error={err}>
                    {(c) => <input {...c} inputMode="numeric" value={amounts[cause] ?? ''} onChange={(e) => setAmounts((a) => ({ ...a, [cause]: e.target.value.replace(/[^\d]/g, '') }))} />}
                  </Field>
                  {Number(amounts[cause]) > 0 && roundSipAmount(Number(amounts[cause]), currency) !== Number(amounts[cause]) && (
                    <p className="field-hint" aria-live="polite">
                      {fillTemplate(labels.rounded, { entered: money(Number(amounts[cause])), rounded: money(roundSipAmount(Number(amounts[cause]), currency)) })}
                    </p>
                  )}
                </div>
              )}
            </div>
          );
        })}
        {errors.causes && (
          <p className="field-error" role="alert">
            {errors.causes}
          </p>
        )}
      </fieldset>

      <fieldset className="sip-methods">
        <legend>{labels.method}</legend>
        {methods.map((m) => (
          <label key={m} className="choice">
            <input type="radio" name="sip-method" value={m} checked={method === m} onChange={() => setMethod(m)} /> {labels.methods[m]}
          </label>
        ))}
      </fieldset>
      {method === 'UPIRECURRING' && (
        <Field id="sip-vpa" label={labels.vpa} hint={labels.vpaHint} error={errors.vpa}>
          {(c) => <input {...c} dir="ltr" autoComplete="off" value={vpa} onChange={(e) => setVpa(e.target.value.trim())} />}
        </Field>
      )}

      {total > 0 && (
        // the bank's (or UPI app's) page asks for a mandate of several times the gift (room to raise it later): said here first
        <p className="field-hint sip-cap" data-testid="sip-cap" aria-live="polite">
          {fillTemplate(labels.capNote, { cap: money(total * SIP_MANDATE_HEADROOM), times: String(SIP_MANDATE_HEADROOM), amount: money(total) })}
        </p>
      )}

      {/* the total and the action stay in view on a phone, however many causes are open */}
      <div className="sip-submit-bar">
        <p className="sip-total" data-testid="sip-total" aria-live="polite">
          {fillTemplate(labels.total, { amount: money(total) })}
        </p>
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {busy ? labels.submitting : labels.submit}
        </button>
      </div>
      <div aria-live="polite">{errors.form && <p className="field-error">{errors.form}</p>}</div>
    </form>
  );
}
