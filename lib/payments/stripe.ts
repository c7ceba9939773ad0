// Stripe through its official SDK: Checkout Sessions, and webhooks verified with
// stripe.webhooks.constructEvent over the raw body.
import Stripe from 'stripe';
import { GatewaySignatureError, type ChargeEvent, type Gateway, type GatewayCapabilities, type GatewayEvent, type OrderForGateway, type RefundEvent, type RefundRequest } from './gateway';

// Checkout Sessions for one payment in any currency; subscriptions and refunds are not built yet
export const STRIPE_CAPABILITIES: GatewayCapabilities = { currencies: 'any', oneTime: true, upiCollect: false, qr: true, mandates: false, refunds: true };

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** tests point the SDK at a local server standing in for api.stripe.com */
  apiBase?: string;
  origin: string;
}

type StripeRefund = { id: string; amount: number; currency: string; status: string | null; payment_intent: string | { id: string } | null; metadata?: Record<string, string> | null };

// a refund's state in Stripe's words: succeeded, pending, requires_action, failed or canceled
const refundStatusOf = (r: StripeRefund) => (r.status === 'succeeded' ? 'processed' : r.status === 'failed' || r.status === 'canceled' ? 'failed' : 'pending');
const REFUND_EVENTS = new Set(['refund.created', 'refund.updated', 'refund.failed']);

type Session = { id: string; url: string | null; payment_status: string; status: string | null; amount_total: number | null; currency: string | null; payment_intent: string | { id: string } | null };

export class StripeGateway implements Gateway {
  readonly name = 'stripe';
  readonly capabilities = STRIPE_CAPABILITIES;
  readonly client: Stripe;
  constructor(private readonly cfg: StripeConfig) {
    const base = cfg.apiBase ? new URL(cfg.apiBase) : null;
    this.client = new Stripe(cfg.secretKey, base ? { host: base.hostname, port: base.port, protocol: base.protocol.replace(':', '') as 'http' | 'https', telemetry: false, maxNetworkRetries: 0 } : { telemetry: false });
  }

  async createOrder(order: OrderForGateway) {
    const session = await this.client.checkout.sessions.create({
      mode: 'payment',
      client_reference_id: order.orderId,
      customer_email: order.donor.email,
      metadata: { order_id: order.orderId },
      line_items: [{ quantity: 1, price_data: { currency: order.currency.toLowerCase(), unit_amount: order.amountMinor, product_data: { name: `Donation ${order.orderId}` } } }],
      // Stripe fills {CHECKOUT_SESSION_ID}; payment-route passes it back to us
      success_url: new URL(`/new/payment-route?oi=${order.orderId}&session_id={CHECKOUT_SESSION_ID}`, this.cfg.origin).toString().replace('%7B', '{').replace('%7D', '}'),
      cancel_url: new URL(`/new/payment-route?oi=${order.orderId}&session_id={CHECKOUT_SESSION_ID}`, this.cfg.origin).toString().replace('%7B', '{').replace('%7D', '}'),
    });
    return { gatewayOrderId: session.id };
  }

  async checkoutUrl(order: OrderForGateway & { gatewayOrderId: string }) {
    const session = (await this.client.checkout.sessions.retrieve(order.gatewayOrderId)) as unknown as Session;
    if (!session.url) throw new Error('The Stripe session has no checkout URL');
    return session.url;
  }

  // the return carries only the session id: its state is read from Stripe, so nothing in the URL can be forged
  async verifyReturn(params: Record<string, string>): Promise<ChargeEvent> {
    if (!params.session_id) throw new GatewaySignatureError('No Stripe session in the return');
    const session = (await this.client.checkout.sessions.retrieve(params.session_id)) as unknown as Session;
    return this.event(`return:${session.id}:${session.payment_status}:${session.status}`, 'checkout.return', session);
  }

  async parseWebhook(rawBody: string, headers: Headers): Promise<GatewayEvent | null> {
    let event: Stripe.Event;
    try {
      event = this.client.webhooks.constructEvent(rawBody, headers.get('stripe-signature') ?? '', this.cfg.webhookSecret);
    } catch {
      throw new GatewaySignatureError();
    }
    if (REFUND_EVENTS.has(event.type)) return this.refundEvent(event.id, event.type, event.data.object as unknown as StripeRefund);
    // Checkout sessions carry our orders and refunds our refunds; every other event is acknowledged and left alone
    if (!event.type.startsWith('checkout.session.')) return null;
    return this.event(event.id, event.type, event.data.object as unknown as Session, event.type);
  }

  async fetchStatus(gatewayOrderId: string): Promise<ChargeEvent | null> {
    const session = (await this.client.checkout.sessions.retrieve(gatewayOrderId)) as unknown as Session;
    return session.payment_status === 'unpaid' && session.status === 'open' ? null : this.event(`status:${session.id}:${session.payment_status}:${session.status}`, 'status', session);
  }

  async refund(req: RefundRequest): Promise<RefundEvent> {
    const r = (await this.client.refunds.create({ payment_intent: req.gatewayPaymentId, amount: req.amountMinor, metadata: { refund_id: req.refundId } })) as unknown as StripeRefund;
    return this.refundEvent(`refund:${r.id}:${r.status}`, 'refund.request', r);
  }

  private refundEvent(eventId: string, type: string, r: StripeRefund): RefundEvent {
    const intent = typeof r.payment_intent === 'string' ? r.payment_intent : (r.payment_intent?.id ?? '');
    return { kind: 'refund', eventId, type, gatewayRefundId: r.id, refundId: r.metadata?.refund_id ?? null, gatewayPaymentId: intent, status: refundStatusOf(r), amountMinor: r.amount, currency: r.currency.toUpperCase(), payload: r };
  }

  private event(eventId: string, type: string, s: Session, eventType?: string): ChargeEvent {
    const failed = s.status === 'expired' || eventType === 'checkout.session.async_payment_failed';
    const status = s.payment_status === 'paid' ? 'success' : failed ? 'failed' : 'pending';
    const intent = typeof s.payment_intent === 'string' ? s.payment_intent : (s.payment_intent?.id ?? null);
    return {
      eventId,
      type,
      gatewayOrderId: s.id,
      gatewayPaymentId: intent ?? (status === 'success' ? s.id : null),
      status,
      amountMinor: s.amount_total ?? 0,
      currency: (s.currency ?? '').toUpperCase(),
      failureReason: status === 'failed' ? 'The card payment did not complete' : undefined,
      payload: s,
    };
  }
}
