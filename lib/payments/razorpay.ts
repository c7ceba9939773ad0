// Razorpay through its official SDK: Orders API, Checkout, payment signature (order_id|payment_id,
// HMAC-SHA256 with the key secret, over the order id we stored) and webhook signature over the raw body.
import Razorpay from 'razorpay';
import { validatePaymentVerification, validateWebhookSignature } from 'razorpay/dist/utils/razorpay-utils';
import { GatewayRefusedError, GatewaySignatureError, type ChargeEvent, type Gateway, type GatewayCapabilities, type GatewayEvent, type GatewayStatus, type MandateEvent, type MandateMethods, type MandateState, type OrderForGateway, type RefundEvent, type RefundRequest } from './gateway';
import { GATEWAY_TIMEOUT_MS, MANDATE_VALID_YEARS, RAZORPAY_MANDATE_AUTH_AMOUNT_MINOR } from '../constants/payments';
import { SIP_FAILURE, type SipFailureReason } from './mandate-words';

// UPI collect (S2S) needs Razorpay's separate approval and is not built: routing sends UPI-id payments elsewhere rather
// than leave a donor waiting for a request that never comes. Mandates are Razorpay's recurring payments: a
// customer, an authorisation order with a token on Checkout, then recurring payments against the token.
export const RAZORPAY_CAPABILITIES: GatewayCapabilities = { currencies: ['INR'], oneTime: true, upiCollect: false, qr: true, mandates: true, refunds: true, bankTransfer: false };
/** Razorpay enables bank transfer on Checkout per account, on request: RAZORPAY_BANK_TRANSFER=1 says it is on */
export const razorpayCapabilities = (bankTransfer: boolean): GatewayCapabilities => ({ ...RAZORPAY_CAPABILITIES, bankTransfer });

// spec 9's SIP modes as Razorpay's recurring methods
const RECURRING_METHOD: Record<string, 'emandate' | 'upi' | 'card'> = { Emandate: 'emandate', UPIRECURRING: 'upi', CARD: 'card' };

export interface RazorpayConfig {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** tests point the SDK at a local server standing in for api.razorpay.com */
  apiHost?: string;
  origin: string;
  /** bank transfer on Checkout is on for this account (RAZORPAY_BANK_TRANSFER) */
  bankTransfer?: boolean;
}

interface RazorpayPayment {
  id: string;
  order_id: string;
  amount: number;
  currency: string;
  status: string; // created | authorized | captured | refunded | failed
  error_description?: string | null;
  error_code?: string | null;
  error_reason?: string | null;
  customer_id?: string | null;
  token_id?: string | null;
  notes?: Record<string, string> | [];
}

interface RazorpayToken {
  id: string;
  recurring_details?: { status?: string; failure_reason?: string | null };
}

// a token's news, as our mandate states; confirmed is the bank's yes (an e-mandate's may come days after the donor's)
const TOKEN_EVENTS: Record<string, MandateState> = { 'token.confirmed': 'active', 'token.rejected': 'failed', 'token.paused': 'paused', 'token.cancelled': 'cancelled' };

const notesOf = (p: { notes?: Record<string, string> | [] }) => (Array.isArray(p.notes) ? {} : (p.notes ?? {}));

type RazorpayErrorWords = Pick<RazorpayPayment, 'error_code' | 'error_reason' | 'error_description'>;

/** The reason Razorpay's words name, when they name one lib/sip/retries.ts knows. */
function sipFailureNamed(p: RazorpayErrorWords): SipFailureReason | null {
  const said = `${p.error_reason ?? ''} ${p.error_description ?? ''}`.toLowerCase();
  if (said.includes('insufficient') || said.includes('balance')) return SIP_FAILURE.insufficientFunds;
  if (said.includes('expire')) return SIP_FAILURE.mandateExpired;
  if ((said.includes('mandate') || said.includes('token')) && (said.includes('revoke') || said.includes('cancel') || said.includes('paused') || said.includes('not active'))) return SIP_FAILURE.mandateRevoked;
  return null;
}

/** A declined SIP debit's reason in the words lib/sip/retries.ts acts on (its schedule differs by reason). */
export function sipFailureOf(p: RazorpayErrorWords): string {
  const named = sipFailureNamed(p);
  if (named) return named;
  if (p.error_code === 'GATEWAY_ERROR' || p.error_code === 'SERVER_ERROR') return SIP_FAILURE.technical;
  return p.error_description ?? SIP_FAILURE.insufficientFunds;
}

/** How the SDK rejects on an HTTP answer: the status and Razorpay's error (a timeout or dropped connection has neither). */
type RazorpayApiError = { statusCode?: unknown; error?: { code?: string; description?: string; reason?: string } };

/** Razorpay's 4xx to a debit: it refused the request, so no money moved; a 5xx, timeout or dropped connection says nothing of the kind. */
function debitRefusal(error: unknown): GatewayRefusedError | null {
  const e = (typeof error === 'object' && error !== null ? error : {}) as RazorpayApiError;
  if (typeof e.statusCode !== 'number' || e.statusCode < 400 || e.statusCode >= 500) return null;
  const said = { error_code: e.error?.code ?? null, error_reason: e.error?.reason ?? null, error_description: e.error?.description ?? null };
  return new GatewayRefusedError(`Razorpay refused the debit (${e.statusCode} ${said.error_code ?? ''}): ${said.error_description ?? ''}`, sipFailureNamed(said) ?? undefined, { cause: error });
}

interface RazorpayRefund {
  id: string;
  payment_id: string;
  amount: number;
  currency: string;
  status: string; // pending | processed | failed
  notes?: Record<string, string> | [];
}

// the payment and refund events that move our books; disputes and the rest are acknowledged and left alone
const HANDLED_EVENTS = new Set(['payment.authorized', 'payment.captured', 'payment.failed', 'order.paid']);
const REFUND_EVENTS = new Set(['refund.processed', 'refund.failed']);

const refundStatusOf = (r: RazorpayRefund) => (r.status === 'processed' ? 'processed' : r.status === 'failed' ? 'failed' : 'pending');

const statusOf = (p: RazorpayPayment): GatewayStatus => (p.status === 'captured' ? 'success' : p.status === 'failed' ? 'failed' : 'pending');

export class RazorpayGateway implements Gateway {
  readonly name = 'razorpay';
  readonly capabilities: GatewayCapabilities;
  private readonly client: Razorpay;
  constructor(private readonly cfg: RazorpayConfig) {
    this.capabilities = razorpayCapabilities(cfg.bankTransfer ?? false);
    this.client = new Razorpay({ key_id: cfg.keyId, key_secret: cfg.keySecret });
    // the SDK fixes its host in the constructor; its axios instance is the one seam to redirect it
    const http = (this.client as unknown as { api: { rq: { defaults: { baseURL: string; timeout: number } } } }).api.rq.defaults;
    if (cfg.apiHost) http.baseURL = cfg.apiHost;
    // the SDK waits forever by default: a hung call would stall the whole charge run
    http.timeout = GATEWAY_TIMEOUT_MS;
  }

  async createOrder(order: OrderForGateway) {
    const created = (await this.client.orders.create({ amount: order.amountMinor, currency: order.currency, receipt: order.orderId, notes: { order_id: order.orderId } })) as { id: string };
    return { gatewayOrderId: created.id };
  }

  async checkoutUrl(order: OrderForGateway & { gatewayOrderId: string }, returnUrl: string) {
    const q = new URLSearchParams({ gateway: 'razorpay', gateway_order_id: order.gatewayOrderId, oi: order.orderId, return_url: returnUrl });
    return new URL(`/payment/checkout?${q}`, this.cfg.origin).toString();
  }

  async verifyReturn(params: Record<string, string>): Promise<ChargeEvent> {
    const orderId = params.razorpay_order_id;
    const paymentId = params.razorpay_payment_id;
    if (!orderId || !paymentId || !params.razorpay_signature) throw new GatewaySignatureError();
    if (!validatePaymentVerification({ order_id: orderId, payment_id: paymentId }, params.razorpay_signature, this.cfg.keySecret)) throw new GatewaySignatureError();
    // the signature proves who paid; the amount comes from Razorpay itself, not from the browser
    const payment = (await this.client.payments.fetch(paymentId)) as unknown as RazorpayPayment;
    return this.event(`return:${paymentId}:${payment.status}`, 'checkout.return', payment);
  }

  async parseWebhook(rawBody: string, headers: Headers): Promise<GatewayEvent | null> {
    const signature = headers.get('x-razorpay-signature') ?? '';
    if (!signature || !validateWebhookSignature(rawBody, signature, this.cfg.webhookSecret)) throw new GatewaySignatureError();
    const body = JSON.parse(rawBody) as { event: string; payload?: { payment?: { entity: RazorpayPayment }; refund?: { entity: RazorpayRefund }; token?: { entity: RazorpayToken } } };
    const eventId = (subject: string) => headers.get('x-razorpay-event-id') ?? `${body.event}:${subject}`;
    const token = body.payload?.token?.entity;
    // a token's later news names only the token: the mandate is found by the token learnt on authorisation
    if (TOKEN_EVENTS[body.event] && token) return { kind: 'mandate', eventId: eventId(token.id), type: body.event, gatewayMandateId: token.id, status: TOKEN_EVENTS[body.event], failureReason: token.recurring_details?.failure_reason ?? undefined, payload: token };
    const refund = body.payload?.refund?.entity;
    if (REFUND_EVENTS.has(body.event) && refund) return this.refundEvent(headers.get('x-razorpay-event-id') ?? `${body.event}:${refund.id}`, body.event, refund);
    const payment = body.payload?.payment?.entity;
    if (!HANDLED_EVENTS.has(body.event) || !payment) return null;
    // the authorisation payment of a mandate (our Checkout sends its reference in the notes) moves the mandate, not an order
    if (notesOf(payment).mandate_ref) return this.authorisation(eventId(payment.id), body.event, payment);
    return this.event(eventId(payment.id), body.event, payment);
  }

  async fetchStatus(gatewayOrderId: string): Promise<ChargeEvent | null> {
    const { items } = (await this.client.orders.fetchPayments(gatewayOrderId)) as unknown as { items: RazorpayPayment[] };
    const payment = items.find((p) => p.status === 'captured') ?? items.find((p) => p.status === 'failed');
    return payment ? this.event(`status:${payment.id}:${payment.status}`, 'status', payment) : null;
  }

  async refund(req: RefundRequest): Promise<RefundEvent> {
    const r = (await this.client.payments.refund(req.gatewayPaymentId, { amount: req.amountMinor, notes: { refund_id: req.refundId } })) as unknown as RazorpayRefund;
    return this.refundEvent(`refund:${r.id}:${r.status}`, 'refund.request', r);
  }

  readonly mandates: MandateMethods = {
    create: async (req, returnUrl) => {
      const method = RECURRING_METHOD[req.method];
      if (!method || req.currency !== 'INR') throw new Error(`Razorpay has no recurring ${req.method} in ${req.currency}`);
      // fail_existing 0: the donor's existing Razorpay customer is answered rather than refused
      const customer = (await this.client.customers.create({ name: req.donor.name, email: req.donor.email, contact: req.donor.phone ?? undefined, fail_existing: 0 } as never)) as unknown as { id: string };
      const expireAt = Math.floor(Date.now() / 1000) + MANDATE_VALID_YEARS * 365 * 24 * 3600;
      const order = (await this.client.orders.create({
        amount: RAZORPAY_MANDATE_AUTH_AMOUNT_MINOR[req.method as keyof typeof RAZORPAY_MANDATE_AUTH_AMOUNT_MINOR],
        currency: 'INR',
        customer_id: customer.id,
        method,
        payment_capture: true,
        receipt: req.mandateRef,
        notes: { mandate_ref: req.mandateRef },
        token: { max_amount: req.maxAmountMinor, expire_at: expireAt, ...(method === 'emandate' ? {} : { frequency: 'monthly' }) },
      } as never)) as unknown as { id: string };
      const q = new URLSearchParams({ gateway: 'razorpay', mandate: order.id, return_url: returnUrl });
      return { gatewayMandateId: order.id, authoriseUrl: new URL(`/payment/checkout?${q}`, this.cfg.origin).toString(), customerId: customer.id };
    },
    // each month: an order, then a recurring payment against the token; its result arrives as the order's payment events
    charge: async (req) => {
      if (!req.customerId || !req.token) throw new GatewayRefusedError(`Mandate ${req.gatewayMandateId} has no confirmed Razorpay token`);
      let order: { id: string };
      try {
        order = (await this.client.orders.create({ amount: req.amountMinor, currency: req.currency, payment_capture: true, receipt: req.orderId, notes: { order_id: req.orderId } })) as { id: string };
      } catch (error) {
        // an order is not a debit: whatever became of it, no money moved
        throw new GatewayRefusedError('Razorpay did not create the order for the debit', undefined, { cause: error });
      }
      // stored before the debit is asked for: if its answer is lost, the payment's webhook and fetchStatus still find our order
      await req.beforeDebit?.(order.id);
      try {
        await this.client.payments.createRecurringPayment({
          email: req.donor.email,
          contact: req.donor.phone ?? '',
          amount: req.amountMinor,
          currency: req.currency,
          order_id: order.id,
          customer_id: req.customerId,
          token: req.token,
          recurring: '1',
          notes: { order_id: req.orderId, kind: 'sip' },
        } as never);
      } catch (error) {
        throw debitRefusal(error) ?? error;
      }
      return { gatewayOrderId: order.id };
    },
    // deleting the token ends the mandate at the bank; one never authorised has nothing to end
    cancel: async (m) => {
      if (m.customerId && m.token) await this.client.customers.deleteToken(m.customerId, m.token);
    },
    // Checkout's signed result for the authorisation order; the payment (and its token) is read from Razorpay itself
    verifyReturn: async (params) => {
      const orderId = params.razorpay_order_id;
      const paymentId = params.razorpay_payment_id;
      if (!orderId || !paymentId || !params.razorpay_signature) throw new GatewaySignatureError();
      if (!validatePaymentVerification({ order_id: orderId, payment_id: paymentId }, params.razorpay_signature, this.cfg.keySecret)) throw new GatewaySignatureError();
      const payment = (await this.client.payments.fetch(paymentId)) as unknown as RazorpayPayment;
      return this.authorisation(`return:${paymentId}:${payment.status}`, 'checkout.return', payment);
    },
  };

  /** The mandate's authorisation payment: the token it made, and whether the bank has confirmed it yet. */
  private async authorisation(eventId: string, type: string, p: RazorpayPayment): Promise<MandateEvent> {
    const base = { kind: 'mandate' as const, eventId, type, gatewayMandateId: p.order_id, payload: p };
    if (p.status === 'failed') return { ...base, status: 'failed', failureReason: p.error_description ?? 'The mandate was not authorised' };
    if (!p.token_id || !p.customer_id || (p.status !== 'captured' && p.status !== 'authorized')) return { ...base, status: 'created' };
    const credential = { customerId: p.customer_id, token: p.token_id };
    const token = (await this.client.customers.fetchToken(p.customer_id, p.token_id)) as unknown as RazorpayToken;
    const state = token.recurring_details?.status;
    // an e-mandate's token waits for the bank (token.confirmed follows); UPI AutoPay and cards are confirmed at once
    const status: MandateEvent['status'] = state === 'confirmed' ? 'active' : state === 'rejected' ? 'failed' : 'created';
    return { ...base, status, credential, failureReason: state === 'rejected' ? (token.recurring_details?.failure_reason ?? undefined) : undefined };
  }

  private refundEvent(eventId: string, type: string, r: RazorpayRefund): RefundEvent {
    const notes = Array.isArray(r.notes) ? {} : (r.notes ?? {});
    return { kind: 'refund', eventId, type, gatewayRefundId: r.id, refundId: notes.refund_id ?? null, gatewayPaymentId: r.payment_id, status: refundStatusOf(r), amountMinor: r.amount, currency: r.currency, payload: r };
  }

  private event(eventId: string, type: string, p: RazorpayPayment): ChargeEvent {
    const notes = notesOf(p);
    return {
      eventId,
      type,
      gatewayOrderId: p.order_id,
      gatewayPaymentId: p.id,
      status: statusOf(p),
      amountMinor: p.amount,
      currency: p.currency,
      // a SIP debit's reason decides its retries; a donor at Checkout reads Razorpay's own words (spec 8)
      failureReason: p.status === 'failed' ? (notes.kind === 'sip' ? sipFailureOf(p) : (p.error_description ?? 'Payment failed')) : undefined,
      // a SIP debit names our order: found even if the debit's order id never reached our books
      ...(notes.kind === 'sip' && notes.order_id ? { orderId: notes.order_id } : {}),
      payload: p,
    };
  }
}
