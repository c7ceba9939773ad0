// One interface for every payment gateway (ARCHITECTURE.md Payments): adapters create the gateway's
// order, say where the donor checks out, and turn returns and webhooks into verified events.

export type GatewayStatus = 'success' | 'failed' | 'pending';

/** A verified statement from a gateway about one payment attempt. */
export interface GatewayEvent {
  /** unique per gateway: a replay carries the same id */
  eventId: string;
  gatewayOrderId: string;
  gatewayPaymentId: string | null;
  status: GatewayStatus;
  amountMinor: number;
  currency: string;
  failureReason?: string;
  type: string;
  payload: unknown;
}

export interface OrderForGateway {
  orderId: string;
  amountMinor: number; // donation + tip, in the order's currency
  currency: string;
  donor: { name: string; email: string; phone: string | null };
}

/** What a gateway can do: routing picks by these, never by which class an adapter is. */
export interface GatewayCapabilities {
  /** ISO codes it takes, or every one */
  currencies: readonly string[] | 'any';
  /** a hosted checkout for a single payment (cards, UPI apps, wallets) */
  oneTime: boolean;
  /** a collect request to the donor's UPI id, approved in their UPI app */
  upiCollect: boolean;
  /** a payment link a desktop page can show as a QR code */
  qr: boolean;
  /** recurring debits under a mandate (SIP) */
  mandates: boolean;
  refunds: boolean;
}

export interface Gateway {
  readonly name: string;
  readonly capabilities: GatewayCapabilities;
  createOrder(order: OrderForGateway): Promise<{ gatewayOrderId: string }>;
  /** where the browser goes to pay; returnUrl receives the signed result */
  checkoutUrl(order: OrderForGateway & { gatewayOrderId: string }, returnUrl: string): Promise<string>;
  /** the browser's return, verified; throws GatewaySignatureError when tampered */
  verifyReturn(params: Record<string, string>): Promise<GatewayEvent>;
  /** a webhook, verified over the raw body; throws GatewaySignatureError when tampered, and answers null for a
   *  genuine event we do not act on (acknowledged with 2xx, so the gateway neither retries it nor disables us) */
  parseWebhook(rawBody: string, headers: Headers): Promise<GatewayEvent | null>;
  /** the gateway's own view of an order, for reconciliation of lost webhooks */
  fetchStatus(gatewayOrderId: string): Promise<GatewayEvent | null>;
  /** with upiCollect: asks the donor's UPI app to approve the payment */
  collect?(gatewayOrderId: string, vpa: string): Promise<void>;
}

export class GatewaySignatureError extends Error {
  constructor(message = 'The payment signature does not match') {
    super(message);
    this.name = 'GatewaySignatureError';
  }
}
