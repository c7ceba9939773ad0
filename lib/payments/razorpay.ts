// Razorpay through its official SDK: Orders API, Checkout, payment signature (order_id|payment_id,
// HMAC-SHA256 with the key secret, over the order id we stored) and webhook signature over the raw body.
import Razorpay from 'razorpay';
import { validatePaymentVerification, validateWebhookSignature } from 'razorpay/dist/utils/razorpay-utils';
import { GatewaySignatureError, type ChargeEvent, type Gateway, type GatewayCapabilities, type GatewayEvent, type GatewayStatus, type OrderForGateway, type RefundEvent, type RefundRequest } from './gateway';

// UPI collect (S2S) and mandates need Razorpay's separate approval and are not built yet: routing sends UPI-id
// payments elsewhere rather than leave a donor waiting for a request that never comes
export const RAZORPAY_CAPABILITIES: GatewayCapabilities = { currencies: ['INR'], oneTime: true, upiCollect: false, qr: true, mandates: false, refunds: true };

export interface RazorpayConfig {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** tests point the SDK at a local server standing in for api.razorpay.com */
  apiHost?: string;
  origin: string;
}

interface RazorpayPayment {
  id: string;
  order_id: string;
  amount: number;
  currency: string;
  status: string; // created | authorized | captured | refunded | failed
  error_description?: string | null;
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
  readonly capabilities = RAZORPAY_CAPABILITIES;
  private readonly client: Razorpay;
  constructor(private readonly cfg: RazorpayConfig) {
    this.client = new Razorpay({ key_id: cfg.keyId, key_secret: cfg.keySecret });
    // the SDK fixes its host in the constructor; its axios instance is the one seam to redirect it
    if (cfg.apiHost) (this.client as unknown as { api: { rq: { defaults: { baseURL: string } } } }).api.rq.defaults.baseURL = cfg.apiHost;
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
    const body = JSON.parse(rawBody) as { event: string; payload?: { payment?: { entity: RazorpayPayment }; refund?: { entity: RazorpayRefund } } };
    const refund = body.payload?.refund?.entity;
    if (REFUND_EVENTS.has(body.event) && refund) return this.refundEvent(headers.get('x-razorpay-event-id') ?? `${body.event}:${refund.id}`, body.event, refund);
    const payment = body.payload?.payment?.entity;
    if (!HANDLED_EVENTS.has(body.event) || !payment) return null;
    return this.event(headers.get('x-razorpay-event-id') ?? `${body.event}:${payment.id}`, body.event, payment);
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

  private refundEvent(eventId: string, type: string, r: RazorpayRefund): RefundEvent {
    const notes = Array.isArray(r.notes) ? {} : (r.notes ?? {});
    return { kind: 'refund', eventId, type, gatewayRefundId: r.id, refundId: notes.refund_id ?? null, gatewayPaymentId: r.payment_id, status: refundStatusOf(r), amountMinor: r.amount, currency: r.currency, payload: r };
  }

  private event(eventId: string, type: string, p: RazorpayPayment): ChargeEvent {
    return {
      eventId,
      type,
      gatewayOrderId: p.order_id,
      gatewayPaymentId: p.id,
      status: statusOf(p),
      amountMinor: p.amount,
      currency: p.currency,
      failureReason: p.status === 'failed' ? (p.error_description ?? 'Payment failed') : undefined,
      payload: p,
    };
  }
}
