'use client';
// spec 4/5: the donation form. One zod schema (CartSchema) checks it here and again on the server.
import { Suspense, lazy, useEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslations } from 'next-intl';
import { zodResolver } from '@hookform/resolvers/zod';
import { CartSchema, type CartInput } from '@/lib/validation/cart';
import { bankTransferAmountError } from '@/lib/validation/gift-fields';
import type { BankTransferInput } from '@/lib/validation/bank-transfer';
import { DEFAULT_CURRENCY, formatMoney, toMinor } from '@/lib/money';
import { PAYMENT_FORM_PAGE_TYPE, PLATFORM_FEE_PERCENT, UPI_POLL_MS, VPA_POLL_MS } from '@/lib/constants/giving';
import { defaultDonationAmount, donationPresetsFor, inrEquivalentMinor } from '@/lib/donations/amounts';
import { UPI_ID_PATTERN } from '@/lib/validation/people';
import { citizenshipAsked } from '@/lib/donations/citizenship';
import type { CaptchaWidget } from '@/lib/security/captcha';
import { useCaptcha } from '../forms/Captcha';
import { PhoneField } from '@/components/forms/PhoneField';
import { orderChannel, PAYMENT_RESULT_EVENT, REALTIME_AUTH_PATH } from '@/lib/realtime/channels';
import type { PaymentOption } from '@/lib/payments/options';
import { PaymentModes } from './PaymentModes';
import type { MethodMarks } from './MethodMark';
import { CouponField } from './CouponField';
import { failureMessage } from './failure-message';
import { FailedReason } from './FailedReason';
import { Field } from '../forms/Field';
import { sendToApi, type ApiResult } from '../auth/client-session';
import { useInBrowser } from '../ui/lazy-component';

interface Props {
  /** each payment method's mark, drawn on the server (methodMarks()) */
  marks?: MethodMarks;
  /** ngo: the NGO it raises for and whether its FCRA registration is valid today (null: a personal fundraiser) */
  fundraiser: { id: number; custom_tag: string; taxBenefit: boolean; ngo?: { name: string; fcra: boolean } | null };
  localePrefix: string;
  vpaTimeoutMs: number;
  /** Pusher Channels, when configured: the result arrives at once instead of on the next poll */
  realtime: { key: string; cluster: string; wsHost?: string; wsPort?: number } | null;
  defaultCurrency: string;
  locale: string;
  /** per currency, the methods a configured gateway takes right now (worked out on the server) */
  modesByCurrency: Partial<Record<string, PaymentOption[]>>;
  /** the site's brand, named in the tip line */
  brandName: string;
  /** spec 3: the fundraiser's rewards still to be had, and the one the donor came for */
  rewards?: { id: number; title: string; min_amount: number; currency: string; left: number | null }[];
  rewardId?: number | null;
  /** a signed-in donor's Sahyog credit (spec 9 prizes), per currency it was granted in, given with one tap (spec 7 redeem amount) */
  credits?: { balanceMinor: number; currency: string }[];
  /** the currency picker's entries ('₹ INR', 'AED'), labelled on the server: the browser needs no currency table */
  currencyOptions: { code: string; label: string }[];
  /** today's rates (micro-rupees per unit): a gift in another currency shows what it is in rupees */
  inrPerUnitMicros: Record<string, number>;
  /** anniversary giving: the gift's origin code and the occasion it marks, carried to the cart */
  /** spec 4: where a failed payment comes back to (the page the gift started from) */
  origin?: 's' | 'f' | 'tp' | 'up' | 'ps' | 'tann';
  /** origin up: the update the gift is given from */
  updateId?: number | null;
  dedication?: { occasion: string; honoree: string; message?: string } | null;
  /** a signed-in donor's details from their account, filled in so they type nothing */
  /** the captcha widget, when the server asks carts for a response */
  captcha?: CaptchaWidget | null;
  donor?: { name: string; email: string; extension: string | null; phone: string | null; pincode: string | null; pan?: string | null; address?: string | null } | null;
  /** the donor came back from a failed payment (st=f), with the gateway's reason when it gave one */
  failed?: { reason: string | null } | null;
}

const TIP_PERCENTS = [0, 5, 10, 15];

// shown to few visits (a donor with Sahyog credit) or late in one (a UPI payment under way): loaded when they show
// (React's lazy, not next/dynamic: that one brings about 3 kB of its own to the page)
const CreditPay = lazy(() => import('./CreditPay').then((m) => ({ default: m.CreditPay })));
const UpiTimer = lazy(() => import('./UpiTimer').then((m) => ({ default: m.UpiTimer })));
// asked of few gifts: each in its own chunk
const CitizenshipFields = lazy(() => import('./CitizenshipFields').then((m) => ({ default: m.CitizenshipFields })));
const TaxReceiptFields = lazy(() => import('./TaxReceiptFields').then((m) => ({ default: m.TaxReceiptFields })));

// our API's answers, through the one client that also ends a session the server answers token_expired for (spec 8)
const postJson = <T,>(url: string, body: unknown, headers?: Record<string, string>) => sendToApi<T | undefined>('POST', url, body, { headers });
type TxnStatus = { status?: string; redirect?: string; failure_reason?: string | null };

// the Payment messages come from the page's NextIntlClientProvider
/** a phone's width: UPI opens the app there, a desktop shows a QR code (spec 4) */
const isPhone = () => !window.matchMedia('(min-width: 768px)').matches;

export function PaymentForm({ fundraiser, localePrefix, vpaTimeoutMs, realtime, defaultCurrency, locale, modesByCurrency, brandName, rewards = [], rewardId = null, origin = 's', updateId = null, dedication = null, credits = [], currencyOptions, marks, inrPerUnitMicros, donor = null, failed = null, captcha = null }: Props) {
  const t = useTranslations('Payment');
  // Contribute waits for the page to be interactive: before that the browser itself would submit the form as a GET,
  // the donor's name, email and phone in the address and the fundraiser out of it (a 404)
  const interactive = useInBrowser();
  const [mode, setMode] = useState<PaymentOption>('UPI');
  const initialReward = rewards.find((r) => r.id === rewardId && r.left !== 0) ?? null;
  const rewardPresets = initialReward ? donationPresetsFor(initialReward.currency) : [];
  // a donor who came for a reward starts at its amount, shown in the field unless a preset chip has it
  const [otherAmount, setOtherAmount] = useState(initialReward && !rewardPresets.includes(initialReward.min_amount) && initialReward.min_amount > (rewardPresets[1] ?? 0) ? String(initialReward.min_amount) : '');
  const [tipPercent, setTipPercent] = useState(0);
  // spec 7 POST coupon: the sponsor's code the donor applied (the server checks it again with the cart)
  const [couponCode, setCouponCode] = useState<string | null>(null);
  // a coupon the cart refused (not for this donor, or used up meanwhile): shown under its field, and the next
  // press gives without it; the field starts again (its key) holding the refused code and the reason
  const [couponRefused, setCouponRefused] = useState<{ code: string; reason: string; key: number } | null>(null);
  const [serverError, setServerError] = useState('');
  // a payment that failed (at the gateway, or while this page waited): its reason, "Try again", "Pay another way"
  const [failure, setFailure] = useState<{ reason: string | null; at: number } | null>(failed ? { reason: failed.reason, at: 0 } : null);
  const failurePanel = useRef<HTMLDivElement>(null);
  const modesGroup = useRef<HTMLFieldSetElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // the window the UPI app's page opens in: opened by the tap itself, as one opened after the awaits is a blocked popup
  const upiWindow = useRef<Window | null>(null);
  const [vpa, setVpa] = useState('');
  const [vpaError, setVpaError] = useState('');
  const [vpaState, setVpaState] = useState<'idle' | 'waiting' | 'timeout'>('idle');
  // a bank transfer's source account (spec 7 send-order account_no, ifsc_code, bank_name) and its spec 5 messages
  const [bank, setBank] = useState<BankTransferInput>({ account_no: '', ifsc_code: '', bank_name: '' });
  const [bankErrors, setBankErrors] = useState<Partial<Record<keyof BankTransferInput, string>>>({});
  const [qrOrder, setQrOrder] = useState<{ orderId: string; url: string } | null>(null);
  // a phone paying by UPI app: where the app or gateway page opens, and when the wait started
  const [upiApp, setUpiApp] = useState<{ url: string; since: number } | null>(null);
  // one key per attempt: a double click or a retried request answers the same order; a new try after a failure is a new one
  const idempotencyKey = useRef<string | null>(null);
  const {
    register,
    handleSubmit,
    setValue,
    getValues,
    control,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CartInput>({
    resolver: zodResolver(CartSchema),
    defaultValues: {
      currency: (initialReward?.currency ?? defaultCurrency) as CartInput['currency'],
      donated_amount: initialReward ? Math.max(initialReward.min_amount, defaultDonationAmount(initialReward.currency)) : defaultDonationAmount(defaultCurrency),
      is_anonymous: '0',
      tip_amount: 0,
      donor_extension: donor?.extension || '+91',
      ...(donor ? { donor_name: donor.name, donor_email: donor.email, ...(donor.phone ? { donor_phone: donor.phone } : {}), ...(donor.pincode ? { donor_pincode: donor.pincode } : {}) } : {}),
      ...(initialReward ? { reward_id: initialReward.id } : {}),
      // 80G: the account's PAN and address, asked for only while the donor wants the tax receipt
      ...(donor?.pan ? { pan: donor.pan } : {}),
      ...(donor?.pan && donor.address ? { donor_address: donor.address } : {}),
    },
  });
  // the 80G section opens by itself for a donor whose account holds a PAN
  const [wants80g, setWants80g] = useState(Boolean(donor?.pan));

  // what this tab kept of the donor's last try for this fundraiser comes back (after hydration: it is the tab's, not the server's)
  useEffect(() => {
    let live = true;
    // the draft's code comes after the page is usable: most visits have no draft to bring back
    void import('./gift-draft').then(({ readGiftDraft }) => {
      const draft = live ? readGiftDraft(fundraiser.id) : null;
      if (!draft) return;
      const offered = modesByCurrency[draft.currency] ?? [];
      setValue('currency', draft.currency as CartInput['currency']);
      setValue('donated_amount', draft.donated_amount);
      setOtherAmount(draft.otherAmount);
      for (const name of ['donor_name', 'donor_email', 'donor_extension', 'donor_phone', 'donor_pincode'] as const) if (draft[name]) setValue(name, draft[name]);
      setValue('is_anonymous', draft.is_anonymous);
      setTipPercent(TIP_PERCENTS.includes(draft.tipPercent) ? draft.tipPercent : 0);
      if (offered.includes(draft.mode)) setMode(draft.mode);
      setVpa(draft.vpa);
      if (draft.reward_id && rewards.some((r) => r.id === draft.reward_id && r.left !== 0)) setValue('reward_id', draft.reward_id);
    });
    return () => {
      live = false;
    };
    // once, on arrival: the draft is read from this tab's storage, which no render changes
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // a failure the page learnt of while waiting is brought into view, where its actions are
  useEffect(() => {
    if (failure?.at) failurePanel.current?.scrollIntoView?.({ block: 'center' });
  }, [failure]);
  const currency = useWatch({ control, name: 'currency' }) as string;
  const rewardChoice = Number(useWatch({ control, name: 'reward_id' }));
  const chosenReward = rewards.find((r) => r.id === rewardChoice) ?? null;
  const amount = Number(useWatch({ control, name: 'donated_amount' })) || 0;
  const donorEmail = useWatch({ control, name: 'donor_email' }) as string | undefined;
  const donorExtension = useWatch({ control, name: 'donor_extension' }) as string | undefined;
  const citizenship = useWatch({ control, name: 'citizenship' });
  const [cardAbroad, setCardAbroad] = useState(false);
  const captchaField = useCaptcha(captcha, { id: 'pay-captcha', locale, requiredMessage: t('captchaRequired') });
  const presets = donationPresetsFor(currency);
  // 80G (and so the PAN) is for gifts in rupees only
  const taxBenefit = fundraiser.taxBenefit && currency === DEFAULT_CURRENCY;
  // credit is given in the currency it was granted in, never another
  const credit = credits.find((c) => c.currency === currency && c.balanceMinor > 0) ?? null;
  const creditElsewhere = credit ? [] : credits.filter((c) => c.balanceMinor > 0);
  // spec 7 payment/options: UPI and wallets take rupees only
  const modes = modesByCurrency[currency] ?? [];
  const chosenMode = modes.includes(mode) ? mode : modes[0];
  const tip = Math.round(amount * tipPercent) / 100;
  const total = useMemo(() => formatMoney(toMinor(amount + tip), currency, locale, { exact: true }), [amount, tip, currency, locale]);
  // a gift in another currency says what it is in rupees, at today's rate
  const totalInrMinor = currency === DEFAULT_CURRENCY ? null : inrEquivalentMinor(toMinor(amount + tip), currency, inrPerUnitMicros);

  // spec 8: in the form's alert region
  const showFailure = (result: ApiResult<unknown>) => setServerError(failureMessage(result, t));

  const onPage = useRef(true);
  useEffect(() => {
    onPage.current = true;
    return () => {
      onPage.current = false;
    };
  }, []);

  // spec 4: poll the VPA transaction every 5 s (UPI QR every 5 s too); still pending after the timeout is a failure to report
  async function waitForVpa(orderId: string, pollMs = VPA_POLL_MS, started = Date.now()) {
    setVpaState('waiting');
    if (realtime) {
      // loaded only for a donor who is waiting on a UPI payment
      void import('pusher-js').then(({ default: Pusher }) => {
        // the order's channel is private: our server signs it for this browser, the one that made the cart
        const channelAuthorization = { endpoint: REALTIME_AUTH_PATH, transport: 'ajax' as const };
        const client = new Pusher(realtime.key, { cluster: realtime.cluster, channelAuthorization, ...(realtime.wsHost ? { wsHost: realtime.wsHost, wsPort: realtime.wsPort, forceTLS: false, enabledTransports: ['ws'] } : {}) });
        client.subscribe(orderChannel(orderId)).bind(PAYMENT_RESULT_EVENT, (result: { status: string; redirect: string | null }) => {
          if (result.status === 'success' && result.redirect) window.location.assign(`${localePrefix}${result.redirect}`);
          if (result.status === 'failed') {
            setVpaState('idle');
            setFailure({ reason: null, at: Date.now() });
          }
        });
      });
    }
    for (;;) {
      await new Promise((r) => setTimeout(r, pollMs));
      // the donor has left the form (another page of the app): nobody is waiting on this order here any more
      if (!onPage.current) return;
      // a poll that does not get through is tried again on the next tick
      const res = await postJson<TxnStatus>('/api/verify/vpatxn', { order_id: orderId });
      const txn = res.ok ? res.data : undefined;
      if (txn?.status === 'success') return window.location.assign(`${localePrefix}${String(txn.redirect)}`);
      if (txn?.status === 'failed') {
        setVpaState('idle');
        return setFailure({ reason: txn.failure_reason ? String(txn.failure_reason) : null, at: Date.now() });
      }
      if (Date.now() - started >= vpaTimeoutMs) return setVpaState('timeout');
    }
  }

  /**
   * on a phone, the tap that gives by UPI opens the UPI app's window itself (a window opened after the
   * cart, order and send calls would be a blocked popup); the gateway's page is loaded into it once the order is sent.
   */
  function openUpiWindowOnTap() {
    upiWindow.current = null;
    if (chosenMode !== 'UPI' || !isPhone() || !CartSchema.safeParse(getValues()).success) return;
    const w = window.open('', '_blank');
    if (w) w.opener = null;
    upiWindow.current = w;
  }
  /** The window opened for the UPI app, when nothing is to be paid in it after all. */
  function closeUpiWindow() {
    upiWindow.current?.close();
    upiWindow.current = null;
  }

  async function onSubmit(values: CartInput) {
    const result = await placeGift(values);
    // whatever stopped the gift before the UPI app's page was loaded leaves no empty window behind
    if (result !== 'upi-opened') closeUpiWindow();
  }

  async function placeGift(values: CartInput): Promise<'upi-opened' | void> {
    setServerError('');
    setFailure(null);
    setUpiApp(null);
    // the donor's details stay in this tab while they are at the gateway: a failure brings them back
    const { keepGiftDraft } = await import('./gift-draft');
    keepGiftDraft(fundraiser.id, { donated_amount: Number(values.donated_amount), currency: values.currency, otherAmount, donor_name: values.donor_name ?? '', donor_email: values.donor_email ?? '', donor_extension: values.donor_extension ?? '', donor_phone: values.donor_phone ?? '', donor_pincode: values.donor_pincode ?? '', is_anonymous: values.is_anonymous === '1' ? '1' : '0', tipPercent, mode: chosenMode ?? 'UPI', vpa, reward_id: values.reward_id ? Number(values.reward_id) : null });
    if (askCitizenship && !values.citizenship) return setError('citizenship', { message: t('citizenship.required') }, { shouldFocus: true });
    // refused before any payment: the notice under the question says why and what the donor can do
    if (fcraRefused) return document.getElementById('fcra-refused')?.focus();
    if (chosenMode === 'VPA' && !UPI_ID_PATTERN.test(vpa.trim())) return setVpaError(t('vpaInvalid'));
    if (!captchaField.ready()) return;
    setVpaError('');
    if (chosenMode === 'NEFT') {
      // the transfer's schema only for donors who pay by transfer
      const { BankTransferSchema } = await import('@/lib/validation/bank-transfer');
      const checked = BankTransferSchema.safeParse(bank);
      // the first message of each field, as the server words it
      setBankErrors(checked.success ? {} : Object.fromEntries(checked.error.issues.toReversed().map((i) => [String(i.path[0]), i.message])));
      const belowMinimum = bankTransferAmountError(amount + tip);
      if (belowMinimum) setError('donated_amount', { message: belowMinimum });
      if (!checked.success || belowMinimum) return;
    }
    const device = window.matchMedia('(max-width: 767px)').matches ? 'mobile' : 'desktop';
    // a PAN and address go only with a gift whose donor asked for the 80G receipt
    const taxDetails = taxBenefit && wants80g ? {} : { pan: '', donor_address: '' };
    const cart = await postJson<{ id: number }>(`/api/fundraisers/${fundraiser.id}/cart`, { ...values, ...taxDetails, ...captchaField.payload('captcha_response'), citizenship: askCitizenship ? values.citizenship : undefined, card_abroad: askCitizenship && cardAbroad && chosenMode === 'CARD' ? '1' : undefined, tip_amount: tip, device, locale, ...(dedication ? { dedication } : {}), ...(couponCode ? { coupon_code: couponCode } : {}) });
    // the token is spent either way: a retry solves a new challenge
    captchaField.spent(!cart.ok && Boolean(cart.error.fields?.captcha_response));
    if (!cart.ok || !cart.data) {
      if (!cart.ok) for (const [field, message] of Object.entries(cart.error.fields ?? {})) setError(field as keyof CartInput, { message });
      if (!cart.ok && couponCode && cart.error.fields?.coupon_code) {
        setCouponRefused((r) => ({ code: couponCode, reason: cart.error.fields!.coupon_code, key: (r?.key ?? 0) + 1 }));
        setCouponCode(null);
      }
      return showFailure(cart);
    }
    idempotencyKey.current ??= crypto.randomUUID();
    const order = await postJson<{ order_id: string }>(
      `/api/fundraisers/${fundraiser.id}/order`,
      { cart_id: cart.data.id, mode: chosenMode, origin, page_type: PAYMENT_FORM_PAGE_TYPE, ...(origin === 'up' && updateId ? { update_id: updateId } : {}), ...(chosenMode === 'VPA' ? { vpa: vpa.trim() } : {}) },
      { 'Idempotency-Key': idempotencyKey.current },
    );
    // a placed order is this attempt's: the next try (after a failure) is a new order under a new key
    if (order.ok) idempotencyKey.current = null;
    if (!order.ok || !order.data) return showFailure(order);
    const sent = await postJson<{ url: string }>('/api/payment/send', { order_id: order.data.order_id, ...(chosenMode === 'NEFT' ? bank : {}) });
    if (!sent.ok || !sent.data) {
      if (!sent.ok && sent.error.fields) setBankErrors(sent.error.fields);
      return showFailure(sent);
    }
    if (chosenMode === 'VPA') return waitForVpa(String(order.data.order_id));
    // spec 4: on a desktop, UPI is a QR code to scan with a phone; on a phone, the UPI app / gateway page opens
    if (chosenMode === 'UPI' && window.matchMedia('(min-width: 768px)').matches) {
      setQrOrder({ orderId: String(order.data.order_id), url: String(sent.data.url) });
      return waitForVpa(String(order.data.order_id), UPI_POLL_MS);
    }
    if (chosenMode === 'UPI') {
      // the app opens in the window the tap opened (an upi:// or intent: link opens from this page); this page keeps
      // the order's status and a UPI timer of the same length as the polling's patience, and a link to open it again
      const url = String(sent.data.url);
      const since = Date.now();
      const w = upiWindow.current;
      let opened = false;
      if (/^(upi|intent):/i.test(url)) window.location.assign(url);
      else if (w && !w.closed) {
        w.location.href = url;
        opened = true;
      }
      setUpiApp({ url, since });
      void waitForVpa(String(order.data.order_id), UPI_POLL_MS, since);
      return opened ? 'upi-opened' : undefined;
    }
    window.location.assign(String(sent.data.url));
  }

  /**
   * a new currency starts at its own default amount (a preset chip), never the old number in it; a PAN and address
   * typed for a rupee gift are dropped outside rupees.
   */
  function switchCurrency(next: string) {
    setOtherAmount('');
    setValue('currency', next as CartInput['currency']);
    setValue('donated_amount', defaultDonationAmount(next), { shouldValidate: Boolean(errors.donated_amount) });
    if (next !== DEFAULT_CURRENCY) {
      setValue('pan', '');
      setValue('donor_address', '');
    }
  }
  const currencyField = register('currency', { onChange: (e: { target: { value: string } }) => switchCurrency(e.target.value) });

  function choosePreset(p: number) {
    setOtherAmount('');
    setValue('donated_amount', p, { shouldValidate: true });
  }
  /** A reward needs at least its amount: choosing one raises a smaller gift to it, in its currency. */
  function chooseReward(id: number | null) {
    setValue('reward_id', id ?? undefined);
    const r = rewards.find((x) => x.id === id);
    if (!r) return;
    if (currency !== r.currency) switchCurrency(r.currency);
    if (currency !== r.currency || amount < r.min_amount) {
      setOtherAmount(String(r.min_amount));
      setValue('donated_amount', r.min_amount, { shouldValidate: true });
    }
  }
  function typeAmount(value: string) {
    setOtherAmount(value);
    setValue('donated_amount', value, { shouldValidate: Boolean(errors.donated_amount) });
  }

  const errorOf = (name: keyof CartInput) => errors[name]?.message as string | undefined;
  // FCRA: whether this gift could be a foreign contribution, so the donor is asked; and whether the answer rules it out
  const ngo = fundraiser.ngo ?? null;
  const askCitizenship = citizenshipAsked({ currency, toNgo: ngo !== null, extension: donorExtension, cardAbroad: chosenMode === 'CARD' && cardAbroad });
  const fcraRefused = askCitizenship && citizenship === 'foreign' && ngo !== null && !ngo.fcra;

  return (
    <>
      <ul className="trust-line" data-testid="trust-line">
        <li>{t('secure')}</li>
        <li>{t('platformFee', { percent: PLATFORM_FEE_PERCENT })}</li>
        {taxBenefit && <li>{t('taxBenefit')}</li>}
      </ul>
      <form ref={formRef} className="panel payment-form" onSubmit={handleSubmit(onSubmit, closeUpiWindow)} noValidate data-testid="payment-form">
        {failure && (
          // the reason, and the two ways on, first in the form; everything the donor typed is still below
          <div ref={failurePanel} className="notice-error payment-failed-notice" role="alert" data-testid="payment-failure">
            <p data-testid="payment-failed">{failure.reason ? <FailedReason template={t.raw('failed') as string} reason={failure.reason} /> : t('failedNoReason')}</p>
            <p>{t('failedKept')}</p>
            <div className="payment-failed-actions">
              <button
                type="button"
                className="btn btn-primary"
                data-testid="payment-retry"
                onClick={() => {
                  openUpiWindowOnTap();
                  formRef.current?.requestSubmit();
                }}
              >
                {t('tryAgain')}
              </button>
              <button type="button" className="btn btn-secondary" data-testid="payment-other-way" onClick={() => {
                  const group = modesGroup.current;
                  group?.scrollIntoView?.({ block: 'center' });
                  (group?.querySelector<HTMLInputElement>('input[name="mode"]:checked') ?? group?.querySelector<HTMLInputElement>('input[name="mode"]'))?.focus();
                }}>
                {t('payAnotherWay')}
              </button>
            </div>
          </div>
        )}
        <fieldset>
          <legend>{t('amountLegend')}</legend>
          <div className="presets" role="group" aria-label={t('amountLegend')}>
            {presets.map((p) => (
              <button key={p} type="button" className={`chip${!otherAmount && amount === p ? ' selected' : ''}`} aria-pressed={!otherAmount && amount === p} onClick={() => choosePreset(p)}>
                <bdi>{formatMoney(toMinor(p), currency, locale, { exact: true })}</bdi>
              </button>
            ))}
          </div>
          <div className="amount-row">
            <div className="field">
              <label htmlFor="pay-donated_amount">{t('otherAmount')}</label>
              {/* empty unless the donor types: a chosen preset shows on its chip, not here */}
              <input id="pay-donated_amount" inputMode="decimal" dir="ltr" value={otherAmount} onChange={(e) => typeAmount(e.target.value)} {...(errorOf('donated_amount') ? { 'aria-invalid': true, 'aria-describedby': 'pay-donated_amount-error' } : {})} />
            </div>
            <div className="field">
              <label htmlFor="pay-currency">{t('currency')}</label>
              <select id="pay-currency" {...currencyField}>
                {/* spec 3: each entry with its symbol ('£ GBP'), so a donor abroad finds theirs at a glance */}
                {currencyOptions.map((c) => (
                  <option key={c.code} value={c.code}>
                    {c.label}
                  </option>
                ))}
              </select>
            </div>
          </div>
          {/* under both amount and currency, so it is one message for the row */}
          {errorOf('donated_amount') && (
            <p id="pay-donated_amount-error" className="field-error" role="alert">
              {errorOf('donated_amount')}
            </p>
          )}
        </fieldset>
        {rewards.length > 0 && (
          <fieldset className="reward-choice">
            <legend>{t('rewardLegend')}</legend>
            <label className={`mode-tile${!chosenReward ? ' selected' : ''}`}>
              <input type="radio" name="reward" checked={!chosenReward} onChange={() => chooseReward(null)} />
              <span>{t('rewardNone')}</span>
            </label>
            {rewards.map((r) => (
              <label key={r.id} className={`mode-tile${chosenReward?.id === r.id ? ' selected' : ''}`}>
                <input type="radio" name="reward" checked={chosenReward?.id === r.id} disabled={r.left === 0} onChange={() => chooseReward(r.id)} />
                <span>
                  <bdi>{r.title}</bdi> · {t('rewardFrom', { amount: formatMoney(toMinor(r.min_amount), r.currency, locale) })}
                </span>
              </label>
            ))}
            {errorOf('reward_id') && (
              <p className="field-error" role="alert">
                {errorOf('reward_id')}
              </p>
            )}
          </fieldset>
        )}
        {credit && !dedication && (
          <Suspense fallback={null}>
            <CreditPay fundraiser={fundraiser} credit={credit} amount={amount} currency={currency} locale={locale} localePrefix={localePrefix} />
          </Suspense>
        )}
        {creditElsewhere.length > 0 && !dedication && (
          <section className="credit-pay" data-testid="credit-elsewhere">
            {creditElsewhere.map((c) => (
              <div key={c.currency} className="credit-elsewhere">
                <p>
                  <bdi>{t('creditOtherCurrency', { amount: formatMoney(c.balanceMinor, c.currency, locale, { exact: true }), currency: c.currency })}</bdi>
                </p>
                <button type="button" className="btn" onClick={() => switchCurrency(c.currency)}>
                  {t('creditSwitch', { currency: c.currency })}
                </button>
              </div>
            ))}
          </section>
        )}
        <PaymentModes
          ref={modesGroup}
          legend={t('mode')}
          modes={modes}
          chosen={chosenMode}
          onChoose={setMode}
          marks={marks}
          detail={
            // the UPI ID box right under its own option
            chosenMode === 'VPA' ? (
              <Field id="pay-vpa" label={t('vpa')} error={vpaError || undefined}>
                {(c) => <input {...c} value={vpa} onChange={(e) => setVpa(e.target.value)} placeholder="name@bank" autoComplete="off" autoCapitalize="none" spellCheck={false} dir="ltr" />}
              </Field>
            ) : chosenMode === 'CARD' && ngo ? (
              // FCRA: a card issued abroad may be a foreign contribution, so the donor is asked who they are
              <label className="check">
                <input type="checkbox" checked={cardAbroad} onChange={(e) => setCardAbroad(e.target.checked)} data-testid="card-abroad" /> {t('citizenship.cardAbroad')}
              </label>
            ) : null
          }
        />
        <Field id="pay-donor_name" label={t('name')} error={errorOf('donor_name')}>
          {(c) => <input {...c} autoComplete="name" {...register('donor_name')} />}
        </Field>
        <Field id="pay-donor_email" label={t('email')} error={errorOf('donor_email')}>
          {(c) => <input {...c} type="email" autoComplete="email" {...register('donor_email')} />}
        </Field>
        {/* the shared phone field: a country picker sets donor_extension ('+1'), the number beside it */}
        <PhoneField
          id="pay-donor_phone"
          countryId="pay-donor_extension"
          label={t('phone')}
          countryLabel={t('extension')}
          locale={locale}
          extension={donorExtension ?? '+91'}
          onExtensionChange={(next) => setValue('donor_extension', next, { shouldValidate: false })}
          error={errorOf('donor_phone') ?? errorOf('donor_extension')}
          inputProps={register('donor_phone')}
        />
        {askCitizenship && (
          <Suspense fallback={null}>
            <CitizenshipFields register={register} error={errorOf('citizenship')} refusedBy={fcraRefused ? ngo.name : null} localePrefix={localePrefix} />
          </Suspense>
        )}
        <Field id="pay-donor_pincode" label={t('pincode')} error={errorOf('donor_pincode')}>
          {(c) => <input {...c} autoComplete="postal-code" {...register('donor_pincode')} />}
        </Field>
        {taxBenefit && (
          <Suspense fallback={null}>
            <TaxReceiptFields register={register} setValue={setValue} wants={wants80g} onWantsChange={setWants80g} saved={donor} errors={{ pan: errorOf('pan'), donor_address: errorOf('donor_address') }} />
          </Suspense>
        )}
        {fundraiser.taxBenefit && !taxBenefit && (
          <p className="field-hint" data-testid="tax-inr-only">
            {t('taxInrOnly')}
          </p>
        )}
        <label className="check">
          <input type="checkbox" onChange={(e) => setValue('is_anonymous', e.target.checked ? '1' : '0')} /> {t('anonymous')}
        </label>
        <Field id="pay-tip" label={t('tip', { brand: brandName })} hint={t('platformFee', { percent: PLATFORM_FEE_PERCENT })}>
          {(c) => (
            <select {...c} value={tipPercent} onChange={(e) => setTipPercent(Number(e.target.value))}>
              {TIP_PERCENTS.map((p) => (
                <option key={p} value={p}>
                  {p === 0 ? t('tipNone') : `${p}%`}
                </option>
              ))}
            </select>
          )}
        </Field>
        {/* optional, after the donor's own details: the methods stay near the amount on a phone */}
        <CouponField key={couponRefused?.key ?? 0} refused={couponRefused} fundraiserId={fundraiser.id} donorEmail={donorEmail} amount={amount} currency={currency} locale={locale} onChange={setCouponCode} />
        {chosenMode === 'NEFT' && (
          <fieldset className="bank-transfer" data-testid="bank-transfer">
            <legend>{t('bankLegend')}</legend>
            <p className="hint">{t('bankHint')}</p>
            {(['account_no', 'ifsc_code', 'bank_name'] as const).map((name) => (
              <Field key={name} id={`pay-${name}`} label={t(`bank_${name}`)} error={bankErrors[name]}>
                {(c) => (
                  <input
                    {...c}
                    value={bank[name]}
                    onChange={(e) => setBank((b) => ({ ...b, [name]: e.target.value }))}
                    {...(name === 'account_no' ? { inputMode: 'numeric' as const, dir: 'ltr', autoComplete: 'off' } : name === 'ifsc_code' ? { dir: 'ltr', autoCapitalize: 'characters', maxLength: 11, autoComplete: 'off' } : { autoComplete: 'off' })}
                  />
                )}
              </Field>
            ))}
          </fieldset>
        )}
        {qrOrder && vpaState !== 'idle' && (
          <figure className="upi-qr" data-testid="upi-qr" data-payment-url={qrOrder.url}>
            {/* eslint-disable-next-line @next/next/no-img-element -- an SVG drawn per order by our API */}
            <img src={`/api/orders/${encodeURIComponent(qrOrder.orderId)}/qr`} width={220} height={220} alt={t('upiQrTitle')} />
            <figcaption>{t('upiQrTitle')}</figcaption>
          </figure>
        )}
        {vpaState === 'timeout' && (
          <p className="notice-error" role="alert" data-testid="vpa-timeout">
            {t('vpaTimeout')}
          </p>
        )}
        {captchaField.element}
        {/* stays within reach at the bottom of a phone's screen while the donor fills the form */}
        <div className="pay-bar">
          {/* always in the page, so what fills it is announced; beside the button the donor just pressed */}
          <div role="alert" className="pay-error" data-testid="payment-error">
            {serverError && <p className="field-error">{serverError}</p>}
          </div>
          <p className="total" data-testid="payment-total">
            <bdi>{t('total', { amount: total })}</bdi>
            {totalInrMinor !== null && (
              <span className="total-inr" data-testid="payment-total-inr">
                <bdi>{t('inrEquivalent', { amount: formatMoney(totalInrMinor, DEFAULT_CURRENCY, locale) })}</bdi>
              </span>
            )}
          </p>
          {/* while the payment is under way, a status line says so; no button is left to tap in vain */}
          {vpaState === 'waiting' ? (
            <>
              <p className="pay-status" role="status" data-testid="vpa-waiting">
                {qrOrder ? t('upiQrWaiting') : upiApp ? t('upiAppWaiting') : t('vpaWaiting')}
              </p>
              {/* the UPI timer beside the status, in view at the bottom of a phone's screen */}
              {upiApp && (
                <div className="upi-app" data-testid="upi-app">
                  <Suspense fallback={null}>
                    <UpiTimer key={upiApp.since} deadline={upiApp.since + vpaTimeoutMs} durationMs={vpaTimeoutMs} label={t('upiTimer')} minutesLeft={t.raw('upiMinutesLeft') as string} />
                  </Suspense>
                  {/* the tap already opened it: this is for a donor who closed it, or whose browser kept it from opening */}
                  <a className="btn btn-secondary btn-block" href={upiApp.url} target="_blank" rel="noopener" data-testid="upi-open-app">
                    {t('upiOpenApp')}
                  </a>
                </div>
              )}
            </>
          ) : (
            <>
              <button className="btn btn-primary btn-block" type="submit" disabled={isSubmitting || !interactive} aria-describedby={isSubmitting ? 'pay-processing' : undefined} onClick={openUpiWindowOnTap}>
                {t('submit', { amount: total })}
              </button>
              {isSubmitting && (
                <p id="pay-processing" className="pay-status" role="status" data-testid="payment-processing">
                  {t('processing')}
                </p>
              )}
            </>
          )}
        </div>
      </form>
    </>
  );
}
