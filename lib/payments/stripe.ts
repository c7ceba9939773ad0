// Stripe through its official SDK: Checkout Sessions, card mandates (a card saved in a setup-mode session and
// debited off-session), and webhooks verified with stripe.webhooks.constructEvent over the raw body.
import Stripe from 'stripe';
import {
  GatewayRefusedError,
  GatewaySignatureError,
  type ChargeEvent,
  type Gateway,
  type GatewayCapabilities,
  type GatewayEvent,
  type MandateEvent,
  type MandateMethods,
  type OrderForGateway,
  type RefundEvent,
  type RefundRequest,
} from './gateway';
import { GATEWAY_TIMEOUT_MS } from '../constants/payments';
import { SIP_FAILURE, type SipFailureReason } from './mandate-words';

// Checkout Sessions for one payment in any currency, card mandates for SIPs, and refunds
export const STRIPE_CAPABILITIES: GatewayCapabilities = { currencies: 'any', oneTime: true, upiCollect: false, qr: true, mandates: true, refunds: true, bankTransfer: false };

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

type Ref = string | { id: string } | null | undefined;
const idOf = (r: Ref) => (typeof r === 'string' ? r : (r?.id ?? null));

type Session = {
  id: string;
  url: string | null;
  mode?: string;
  payment_status: string;
  status: string | null;
  amount_total: number | null;
  currency: string | null;
  payment_intent: Ref;
  customer?: Ref;
  setup_intent?: Ref;
};

type DebitError = { code?: string | null; decline_code?: string | null } | null | undefined;
type Intent = { id: string; status: string; amount: number; amount_received?: number; currency: string; metadata?: Record<string, string> | null; last_payment_error?: DebitError };

/** metadata.kind of the PaymentIntents that debit a SIP month: every other intent is a one-time Checkout payment's */
export const SIP_INTENT_KIND = 'sip';
const INTENT_EVENTS = new Set(['payment_intent.succeeded', 'payment_intent.payment_failed', 'payment_intent.canceled']);
// a confirmed debit that ends here has failed: requires_payment_method is where a declined confirm leaves it
const FAILED_INTENT = new Set(['requires_payment_method', 'canceled']);

// declines the donor must answer with a new card or a fresh authorisation: retrying the same card cannot work
const CARD_EXPIRED = new Set(['expired_card', 'new_account_information_available']);
const CARD_REVOKED = new Set(['authentication_required', 'revocation_of_authorization', 'revocation_of_all_authorizations', 'stop_payment_order', 'lost_card', 'stolen_card', 'pickup_card']);

/** Stripe's decline code (or error code) as one of the reasons lib/sip/retries.ts acts on. */
export function sipFailureOfDecline(e: DebitError): SipFailureReason {
  const codes = [e?.decline_code, e?.code].filter((c): c is string => Boolean(c));
  if (codes.includes('insufficient_funds')) return SIP_FAILURE.insufficientFunds;
  if (codes.some((c) => CARD_EXPIRED.has(c))) return SIP_FAILURE.mandateExpired;
  if (codes.some((c) => CARD_REVOKED.has(c))) return SIP_FAILURE.mandateRevoked;
  return SIP_FAILURE.technical;
}

// Stripe's answers that it did not take the request (validation, keys, too many requests): nothing was debited
const REFUSED_REQUEST = [Stripe.errors.StripeInvalidRequestError, Stripe.errors.StripeAuthenticationError, Stripe.errors.StripePermissionError, Stripe.errors.StripeRateLimitError];

/** A debit Stripe certainly did not make, as our refusal; null when it may have (a 5xx, a lost connection, the same key still running). */
function debitRefusal(error: unknown): GatewayRefusedError | null {
  if (error instanceof Stripe.errors.StripeCardError) return new GatewayRefusedError(`Stripe declined the debit: ${error.message}`, sipFailureOfDecline(error), { cause: error });
  if (REFUSED_REQUEST.some((kind) => error instanceof kind)) return new GatewayRefusedError(`Stripe refused the debit: ${(error as Error).message}`, undefined, { cause: error });
  return null;
}

const withSessionId = (url: string) => `${url}${url.includes('?') ? '&' : '?'}session_id={CHECKOUT_SESSION_ID}`;

export const SETUP_EXPIRED_REASON = 'The card was not saved before the Stripe page expired';

export class StripeGateway implements Gateway {
  readonly name = 'stripe';
  readonly capabilities = STRIPE_CAPABILITIES;
  readonly client: Stripe;
  constructor(private readonly cfg: StripeConfig) {
    const base = cfg.apiBase ? new URL(cfg.apiBase) : null;
    this.client = new Stripe(cfg.secretKey, base ? { host: base.hostname, port: base.port, protocol: base.protocol.replace(':', '') as 'http' | 'https', telemetry: false, maxNetworkRetries: 0, timeout: GATEWAY_TIMEOUT_MS } : { telemetry: false, timeout: GATEWAY_TIMEOUT_MS });
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
    const object = event.data.object as unknown;
    if (REFUND_EVENTS.has(event.type)) return this.refundEvent(event.id, event.type, object as StripeRefund);
    if (event.type.startsWith('checkout.session.')) {
      const session = object as Session;
      // a setup-mode session is a card mandate being authorised, never a payment
      return session.mode === 'setup' ? this.setupEvent(event.id, event.type, session) : this.event(event.id, event.type, session, event.type);
    }
    // a one-time Checkout payment's intent is settled through its session: only SIP debits are taken from here
    if (INTENT_EVENTS.has(event.type)) return (object as Intent).metadata?.kind === SIP_INTENT_KIND ? this.intentEvent(event.id, event.type, object as Intent) : null;
    // the saved card is gone (the donor or their bank removed it): its mandate can debit nothing more; it is named by its token
    if (event.type === 'payment_method.detached') return { kind: 'mandate', eventId: event.id, type: event.type, gatewayMandateId: (object as { id: string }).id, status: 'cancelled', payload: object };
    // setup_intent.setup_failed too: the donor may try another card on the same page, so only the session's expiry fails the mandate
    return null;
  }

  async fetchStatus(gatewayOrderId: string): Promise<ChargeEvent | null> {
    if (gatewayOrderId.startsWith('pi_')) {
      const intent = (await this.client.paymentIntents.retrieve(gatewayOrderId)) as unknown as Intent;
      const event = this.intentEvent(`status:${intent.id}:${intent.status}`, 'status', intent);
      return event.status === 'pending' ? null : event;
    }
    const session = (await this.client.checkout.sessions.retrieve(gatewayOrderId)) as unknown as Session;
    return session.payment_status === 'unpaid' && session.status === 'open' ? null : this.event(`status:${session.id}:${session.payment_status}:${session.status}`, 'status', session);
  }

  async refund(req: RefundRequest): Promise<RefundEvent> {
    const r = (await this.client.refunds.create({ payment_intent: req.gatewayPaymentId, amount: req.amountMinor, metadata: { refund_id: req.refundId } })) as unknown as StripeRefund;
    return this.refundEvent(`refund:${r.id}:${r.status}`, 'refund.request', r);
  }

  readonly mandates: MandateMethods = {
    create: async (req, returnUrl) => {
      // Stripe saves cards; an e-mandate or UPI AutoPay is an Indian rail it does not hold
      if (req.method !== 'CARD') throw new Error(`Stripe holds card mandates only, not ${req.method}`);
      const customer = await this.client.customers.create({ name: req.donor.name, email: req.donor.email, ...(req.donor.phone ? { phone: req.donor.phone } : {}), metadata: { mandate_ref: req.mandateRef } });
      const session = await this.client.checkout.sessions.create({
        mode: 'setup',
        customer: customer.id,
        // SDK 23 names the static list allowed_payment_method_types (payment_method_types is gone from its create params)
        allowed_payment_method_types: ['card'],
        currency: req.currency.toLowerCase(),
        metadata: { mandate_ref: req.mandateRef },
        setup_intent_data: { metadata: { mandate_ref: req.mandateRef } },
        // Stripe fills {CHECKOUT_SESSION_ID}: the welcome page reads the session's state from Stripe (nothing in the URL is trusted)
        success_url: withSessionId(returnUrl),
        cancel_url: returnUrl,
      });
      if (!session.url) throw new Error('The Stripe setup session has no URL');
      return { gatewayMandateId: session.id, authoriseUrl: session.url, customerId: customer.id };
    },
    charge: async (req) => {
      const { customerId, token } = req;
      if (!customerId || !token) throw new GatewayRefusedError('This Stripe mandate has no saved card to debit');
      const debit = async () => {
        try {
          const intent = await this.client.paymentIntents.create(
            {
              amount: req.amountMinor,
              currency: req.currency.toLowerCase(),
              customer: customerId,
              payment_method: token,
              off_session: true,
              confirm: true,
              // the donor is not there to be redirected: only methods that never redirect (cards) are tried
              automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
              metadata: { order_id: req.orderId, kind: SIP_INTENT_KIND },
            },
            // one order, one PaymentIntent: a retried call gets the first answer back, never a second debit
            { idempotencyKey: req.orderId },
          );
          return { gatewayOrderId: intent.id };
        } catch (error) {
          // a decline still made the PaymentIntent: its failure (and reason) reaches the order through fetchStatus and the webhook
          const intent = error instanceof Stripe.errors.StripeError ? error.payment_intent : undefined;
          if (intent?.id) return { gatewayOrderId: intent.id };
          throw debitRefusal(error) ?? error;
        }
      };
      try {
        return await debit();
      } catch (error) {
        if (error instanceof GatewayRefusedError) throw error;
        // the answer may be lost, not the debit: the same key answers the PaymentIntent Stripe made (or makes the one we asked for)
        return await debit();
      }
    },
    // the donor back from the setup page: the session's state read from Stripe itself, applied like its webhook
    verifyReturn: async (params) => {
      if (!params.session_id?.startsWith('cs_')) throw new GatewaySignatureError('No Stripe session in the return');
      // a session Stripe does not know is someone's guess, refused like a bad signature
      const session = (await this.client.checkout.sessions.retrieve(params.session_id).catch((error) => {
        if (error instanceof Stripe.errors.StripeInvalidRequestError) throw new GatewaySignatureError('Unknown Stripe session');
        throw error;
      })) as unknown as Session;
      if (session.mode !== 'setup' || session.status !== 'complete') throw new GatewaySignatureError('The Stripe setup session is not complete');
      const event = await this.setupEvent(`return:${session.id}:${session.status}`, 'checkout.session.completed', session);
      if (!event) throw new GatewaySignatureError('The Stripe setup session saved no card');
      return event;
    },
    cancel: async (m) => {
      if (!m.token) {
        // never authorised: the setup page is closed if the donor could still complete it
        const session = await this.client.checkout.sessions.retrieve(m.gatewayMandateId);
        if (session.status === 'open') await this.client.checkout.sessions.expire(m.gatewayMandateId);
        return;
      }
      let card: { customer: Ref };
      try {
        card = (await this.client.paymentMethods.retrieve(m.token)) as unknown as { customer: Ref };
      } catch (error) {
        // a card Stripe no longer knows can debit nothing: the mandate is already over there
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') return;
        throw error;
      }
      // detaching a card that is not attached is an error at Stripe: one the donor already removed needs nothing more
      if (idOf(card.customer)) await this.client.paymentMethods.detach(m.token);
    },
  };

  /** A setup-mode session's news: completed with a saved card (active), or expired unused (failed). */
  private async setupEvent(eventId: string, type: string, s: Session): Promise<MandateEvent | null> {
    if (type === 'checkout.session.expired') return { kind: 'mandate', eventId, type, gatewayMandateId: s.id, status: 'failed', failureReason: SETUP_EXPIRED_REASON, payload: s };
    if (type !== 'checkout.session.completed') return null;
    const setupIntentId = idOf(s.setup_intent);
    const customerId = idOf(s.customer);
    if (!setupIntentId || !customerId) throw new Error(`The completed Stripe setup session ${s.id} names no SetupIntent or customer`);
    const setup = await this.client.setupIntents.retrieve(setupIntentId);
    const token = idOf(setup.payment_method);
    // a card's setup has succeeded by the time its session completes; anything else is not a usable mandate yet
    if (setup.status !== 'succeeded' || !token) return null;
    return { kind: 'mandate', eventId, type, gatewayMandateId: s.id, credential: { customerId, token }, status: 'active', payload: { session: s, setup_intent: setup } };
  }

  /** A SIP debit's PaymentIntent as a charge event: the intent is both the order and the payment (refunds name it). */
  private intentEvent(eventId: string, type: string, pi: Intent): ChargeEvent {
    const status = pi.status === 'succeeded' ? 'success' : FAILED_INTENT.has(pi.status) ? 'failed' : 'pending';
    return {
      eventId,
      type,
      gatewayOrderId: pi.id,
      gatewayPaymentId: pi.id,
      status,
      amountMinor: status === 'success' ? (pi.amount_received ?? pi.amount) : pi.amount,
      currency: pi.currency.toUpperCase(),
      failureReason: status === 'failed' ? sipFailureOfDecline(pi.last_payment_error) : undefined,
      // our order, as the debit was asked for: found even when the PaymentIntent's id never reached our books
      ...(pi.metadata?.order_id ? { orderId: pi.metadata.order_id } : {}),
      payload: pi,
    };
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
