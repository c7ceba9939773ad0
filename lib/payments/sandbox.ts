// The built-in sandbox gateway: a hosted test checkout of ours where the tester picks success, failure
// or pending; it signs the browser return and sends a signed webhook, as a real gateway does.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sandboxMandates, sandboxPayments } from '../db/schema';
import { SANDBOX_MANDATE_OUTCOMES } from '../constants/payments';
import {
  GatewaySignatureError,
  type ChargeEvent,
  type Gateway,
  type GatewayCapabilities,
  type GatewayEvent,
  type GatewayStatus,
  type MandateMethods,
  type MandateState,
  type OrderForGateway,
  type RefundEvent,
  type RefundRequest,
} from './gateway';

// the sandbox plays every flow: one-time, the UPI collect (a UPI id's handle decides the outcome), refunds and mandates
export const SANDBOX_CAPABILITIES: GatewayCapabilities = { currencies: 'any', oneTime: true, upiCollect: true, qr: true, mandates: true, refunds: true, bankTransfer: true };

/** The account the sandbox opens for a bank-transfer order, as a gateway's virtual account: the same for the same order. */
export function sandboxTransferAccount(gatewayOrderId: string) {
  const digits = BigInt(`0x${createHmac('sha256', 'sandbox-transfer').update(gatewayOrderId).digest('hex').slice(0, 15)}`).toString().padStart(12, '0').slice(-12);
  return { accountNumber: `2223${digits}`, ifsc: 'SBOX0SAHYOG' };
}

export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';
const RETURN_FIELDS = ['gateway_order_id', 'payment_id', 'status', 'amount', 'currency'] as const;

export function sandboxSign(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(payload).digest('hex');
}

function sameSignature(given: string | null | undefined, expected: string): boolean {
  const a = Buffer.from(given ?? '', 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

const returnPayload = (p: Record<string, string>) => RETURN_FIELDS.map((f) => p[f] ?? '').join('|');

export interface SandboxOutcome {
  params: Record<string, string>;
  webhookBody: string;
  webhookSignature: string;
}

/** How a sandbox mandate's debits fail, as the tester chose: the reasons lib/sip/retries.ts acts on. */
export type SandboxMandateOutcome = (typeof SANDBOX_MANDATE_OUTCOMES)[number];
type SandboxDebitFailure = Exclude<SandboxMandateOutcome, 'success'>;
const SANDBOX_DEBIT_FAILURES = SANDBOX_MANDATE_OUTCOMES.filter((o): o is SandboxDebitFailure => o !== 'success');

// the sandbox's own books keep a declined debit as failed:{reason}, so asking it later gives the same reason
const storedStatus = (status: GatewayStatus, reason?: SandboxDebitFailure) => (reason ? `${status}:${reason}` : status);

/** How this sandbox mandate's later debits end (the authorise page's choice; tests set it directly). */
export async function setSandboxMandateOutcome(db: Db, gatewayMandateId: string, outcome: SandboxMandateOutcome): Promise<void> {
  await db.insert(sandboxMandates).values({ gateway_mandate_id: gatewayMandateId, charge_outcome: outcome }).onConflictDoUpdate({ target: sandboxMandates.gateway_mandate_id, set: { charge_outcome: outcome } });
}

export class SandboxGateway implements Gateway {
  readonly name = 'sandbox';
  readonly capabilities = SANDBOX_CAPABILITIES;
  constructor(
    private readonly db: () => Promise<Db>,
    private readonly secret: string,
    private readonly origin: string,
  ) {}

  async createOrder(order: OrderForGateway) {
    const gatewayOrderId = `sbx_order_${randomBytes(9).toString('base64url')}`;
    await (await this.db()).insert(sandboxPayments).values({ gateway_order_id: gatewayOrderId, amount_minor: order.amountMinor, currency: order.currency });
    return { gatewayOrderId };
  }

  async checkoutUrl(order: OrderForGateway & { gatewayOrderId: string }, returnUrl: string) {
    const q = new URLSearchParams({ gateway_order_id: order.gatewayOrderId, oi: order.orderId, return_url: returnUrl });
    return new URL(`/payment/sandbox?${q}`, this.origin).toString();
  }

  /** What the hosted checkout does when the tester chooses: record it, sign the return and the webhook. */
  async complete(gatewayOrderId: string, status: GatewayStatus, failureReason?: SandboxDebitFailure): Promise<SandboxOutcome> {
    const db = await this.db();
    const [payment] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.gateway_order_id, gatewayOrderId));
    if (!payment) throw new Error('Unknown sandbox order');
    const paymentId = payment.payment_id ?? `sbx_pay_${randomBytes(9).toString('base64url')}`;
    const reason = status === 'failed' ? failureReason : undefined;
    await db.update(sandboxPayments).set({ payment_id: paymentId, status: storedStatus(status, reason), updated_at: new Date() }).where(eq(sandboxPayments.gateway_order_id, gatewayOrderId));
    const params: Record<string, string> = { gateway_order_id: gatewayOrderId, payment_id: paymentId, status, amount: String(payment.amount_minor), currency: payment.currency };
    params.signature = sandboxSign(this.secret, returnPayload(params));
    const webhookBody = JSON.stringify({ event_id: `evt_${randomBytes(9).toString('base64url')}`, type: `payment.${status}`, ...params, signature: undefined, ...(reason ? { failure_reason: reason } : {}) });
    return { params, webhookBody, webhookSignature: sandboxSign(this.secret, webhookBody) };
  }

  /**
   * A UPI collect request to a VPA. The sandbox answers by pattern: success@... pays, failure@... declines,
   * anything else stays pending (the donor never approves in their app).
   */
  async collect(gatewayOrderId: string, vpa: string): Promise<void> {
    const handle = vpa.toLowerCase();
    const status: GatewayStatus = handle.startsWith('success@') ? 'success' : handle.startsWith('failure@') ? 'failed' : 'pending';
    await this.complete(gatewayOrderId, status);
  }

  /** Refunds are processed at once, as a test gateway's are; the same result also comes as a signed webhook. */
  async refund(req: RefundRequest): Promise<RefundEvent> {
    const gatewayRefundId = `sbx_rfd_${randomBytes(9).toString('base64url')}`;
    return this.refundEvent(`refund:${gatewayRefundId}:processed`, 'refund.processed', {
      refund_id: gatewayRefundId,
      our_refund_id: req.refundId,
      payment_id: req.gatewayPaymentId,
      status: 'processed',
      amount: String(req.amountMinor),
      currency: req.currency,
    });
  }

  readonly mandates: MandateMethods = {
    create: async (req, returnUrl) => {
      const gatewayMandateId = `sbx_mdt_${randomBytes(9).toString('base64url')}`;
      const q = new URLSearchParams({ mandate_id: gatewayMandateId, ref: req.mandateRef, return_url: returnUrl });
      return { gatewayMandateId, authoriseUrl: new URL(`/payment/sandbox/mandate?${q}`, this.origin).toString() };
    },
    // a sandbox debit under a mandate ends at once as the tester chose on the authorise page (no choice: it succeeds);
    // reconciliation (fetchStatus) or the webhook reports it, a failure with its reason
    charge: async (req) => {
      const [chosen] = await (await this.db()).select({ outcome: sandboxMandates.charge_outcome }).from(sandboxMandates).where(eq(sandboxMandates.gateway_mandate_id, req.gatewayMandateId));
      const failure = SANDBOX_DEBIT_FAILURES.find((f) => f === chosen?.outcome);
      const { gatewayOrderId } = await this.createOrder({ orderId: req.orderId, amountMinor: req.amountMinor, currency: req.currency, donor: { name: '', email: '', phone: null } });
      await this.complete(gatewayOrderId, failure ? 'failed' : 'success', failure);
      return { gatewayOrderId };
    },
    cancel: async () => {},
  };

  /** What the sandbox's mandate page does when the tester authorises or refuses: a signed webhook. */
  mandateWebhook(gatewayMandateId: string, status: MandateState): { webhookBody: string; webhookSignature: string } {
    const webhookBody = JSON.stringify({ event_id: `evt_${randomBytes(9).toString('base64url')}`, type: `mandate.${status}`, mandate_id: gatewayMandateId, status });
    return { webhookBody, webhookSignature: sandboxSign(this.secret, webhookBody) };
  }

  async verifyReturn(params: Record<string, string>): Promise<ChargeEvent> {
    if (!sameSignature(params.signature, sandboxSign(this.secret, returnPayload(params)))) throw new GatewaySignatureError();
    return this.event(`return:${params.payment_id}:${params.status}`, 'return', params);
  }

  async parseWebhook(rawBody: string, headers: Headers): Promise<GatewayEvent | null> {
    if (!sameSignature(headers.get(SANDBOX_SIGNATURE_HEADER), sandboxSign(this.secret, rawBody))) throw new GatewaySignatureError();
    const body = JSON.parse(rawBody) as Record<string, string>;
    const type = String(body.type);
    if (type.startsWith('payment.')) return this.event(body.event_id, type, body);
    if (type === 'refund.processed' || type === 'refund.failed') return this.refundEvent(body.event_id, type, body);
    const state = (['active', 'paused', 'cancelled', 'failed'] as const).find((x) => x === body.status);
    if (type.startsWith('mandate.') && state && body.mandate_id) return { kind: 'mandate', eventId: body.event_id, type, gatewayMandateId: body.mandate_id, status: state, payload: body };
    // like a real provider's, the sandbox's other events are acknowledged and left alone
    return null;
  }

  async fetchStatus(gatewayOrderId: string): Promise<ChargeEvent | null> {
    const [p] = await (await this.db()).select().from(sandboxPayments).where(eq(sandboxPayments.gateway_order_id, gatewayOrderId));
    if (!p || p.status === 'created' || !p.payment_id) return null;
    const [status, reason] = p.status.split(':');
    return this.event(`status:${p.payment_id}:${status}`, 'status', {
      gateway_order_id: p.gateway_order_id,
      payment_id: p.payment_id,
      status,
      amount: String(p.amount_minor),
      currency: p.currency,
      ...(reason ? { failure_reason: reason } : {}),
    });
  }

  private refundEvent(eventId: string, type: string, p: Record<string, string>): RefundEvent {
    const status = (['processed', 'failed', 'pending'] as const).find((x) => x === p.status);
    if (!status || !p.refund_id || !p.payment_id) throw new GatewaySignatureError('The refund is not readable');
    return {
      kind: 'refund',
      eventId,
      type,
      gatewayRefundId: p.refund_id,
      refundId: p.our_refund_id || null,
      gatewayPaymentId: p.payment_id,
      status,
      amountMinor: Number(p.amount),
      currency: p.currency,
      payload: p,
    };
  }

  private event(eventId: string, type: string, p: Record<string, string>): ChargeEvent {
    const status = (['success', 'failed', 'pending'] as const).find((s) => s === p.status);
    if (!status || !p.gateway_order_id) throw new GatewaySignatureError('The payment result is not readable');
    return {
      eventId,
      type,
      gatewayOrderId: p.gateway_order_id,
      gatewayPaymentId: p.payment_id || null,
      status,
      amountMinor: Number(p.amount),
      currency: p.currency,
      failureReason: status === 'failed' ? (SANDBOX_DEBIT_FAILURES.find((f) => f === p.failure_reason) ?? 'Payment declined by the bank') : undefined,
      payload: p,
    };
  }
}
