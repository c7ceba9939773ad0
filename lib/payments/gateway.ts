// One interface for every payment gateway (ARCHITECTURE.md Payments): adapters create the gateway's
// order, say where the donor checks out, and turn returns and webhooks into verified events.

export type GatewayStatus = 'success' | 'failed' | 'pending';

/** A verified statement from a gateway about one payment attempt (a one-time gift or a SIP month). */
export interface ChargeEvent {
  kind?: 'charge';
  /** unique per gateway: a replay carries the same id */
  eventId: string;
  gatewayOrderId: string;
  gatewayPaymentId: string | null;
  status: GatewayStatus;
  amountMinor: number;
  currency: string;
  failureReason?: string;
  /** our order id when the provider echoes it (a SIP debit's metadata or notes): finds a try whose provider id we never learnt */
  orderId?: string;
  type: string;
  payload: unknown;
}

export type RefundStatus = 'pending' | 'processed' | 'failed';

/** A refund of (part of) a settled payment: one we asked for, or one made on the gateway's dashboard. */
export interface RefundEvent {
  kind: 'refund';
  eventId: string;
  gatewayRefundId: string;
  /** our refund id when the gateway echoes it back (notes, metadata) */
  refundId: string | null;
  gatewayPaymentId: string;
  status: RefundStatus;
  amountMinor: number;
  currency: string;
  failureReason?: string;
  type: string;
  payload: unknown;
}

export type MandateState = 'active' | 'paused' | 'cancelled' | 'failed';

/** A mandate authorised, paused, resumed, cancelled or refused by the donor's bank. */
export interface MandateEvent {
  kind: 'mandate';
  eventId: string;
  /** the mandate as registered, or its reusable token (a provider's later news about a token names only the token) */
  gatewayMandateId: string;
  /** learnt on authorisation: what later debits name */
  credential?: { customerId: string; token: string };
  /** created: authorised by the donor, not yet confirmed by the bank (only the credential is news) */
  status: MandateState | 'created';
  failureReason?: string;
  type: string;
  payload: unknown;
}

export type GatewayEvent = ChargeEvent | RefundEvent | MandateEvent;

export interface RefundRequest {
  refundId: string;
  gatewayPaymentId: string;
  amountMinor: number;
  currency: string;
}

export interface MandateRequest {
  /** our mandate id, echoed back by the gateway */
  mandateRef: string;
  /** Emandate | UPIRECURRING | CARD */
  method: string;
  maxAmountMinor: number;
  currency: string;
  donor: { name: string; email: string; phone: string | null };
  /** UPI AutoPay: the donor's UPI id (its handle checked against spec 5's list before we get here) */
  vpa?: string;
}

/** A registered mandate as a provider knows it: its id, and the customer and token learnt on authorisation. */
export interface MandateHandle {
  gatewayMandateId: string;
  customerId: string | null;
  token: string | null;
}

export interface MandateCharge extends MandateHandle {
  orderId: string;
  amountMinor: number;
  currency: string;
  donor: { email: string; phone: string | null };
  /** stores the provider's id for this debit before the debit is asked for (Razorpay's order): its webhook then finds our order whatever the call's fate */
  beforeDebit?: (gatewayOrderId: string) => Promise<void>;
}

/** Recurring debits under a donor's mandate (present exactly when capabilities.mandates is true). */
export interface MandateMethods {
  /** registers the mandate; the donor authorises it at authoriseUrl, and a mandate event says how it went */
  create(req: MandateRequest, returnUrl: string): Promise<{ gatewayMandateId: string; authoriseUrl: string; customerId?: string }>;
  /**
   * debits one charge under an active mandate; the result arrives as a charge event for gatewayOrderId. Throws
   * GatewayRefusedError only when the provider certainly took nothing; any other error means we do not know whether
   * the donor was debited: the try stays pending (under the id given to req.beforeDebit, if any) for webhooks and
   * reconciliation to settle, and the provider echoes req.orderId so a debit we never learnt the id of still finds it.
   */
  charge(req: MandateCharge): Promise<{ gatewayOrderId: string }>;
  /** a provider whose authorisation comes back to us signed (Razorpay's Checkout): the verified outcome, as an event */
  verifyReturn?(params: Record<string, string>): Promise<MandateEvent>;
  cancel(mandate: MandateHandle): Promise<void>;
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
  /** a bank account opened for the order that the donor pays into by NEFT/IMPS from their own account */
  bankTransfer: boolean;
}

export interface Gateway {
  readonly name: string;
  readonly capabilities: GatewayCapabilities;
  createOrder(order: OrderForGateway): Promise<{ gatewayOrderId: string }>;
  /** where the browser goes to pay; returnUrl receives the signed result */
  checkoutUrl(order: OrderForGateway & { gatewayOrderId: string }, returnUrl: string): Promise<string>;
  /** the browser's return, verified; throws GatewaySignatureError when tampered */
  verifyReturn(params: Record<string, string>): Promise<ChargeEvent>;
  /** a webhook, verified over the raw body; throws GatewaySignatureError when tampered, and answers null for a
   *  genuine event we do not act on (acknowledged with 2xx, so the gateway neither retries it nor disables us) */
  parseWebhook(rawBody: string, headers: Headers): Promise<GatewayEvent | null>;
  /** the gateway's own view of an order, for reconciliation of lost webhooks */
  fetchStatus(gatewayOrderId: string): Promise<ChargeEvent | null>;
  /** with upiCollect: asks the donor's UPI app to approve the payment */
  collect?(gatewayOrderId: string, vpa: string): Promise<void>;
  /** with refunds: sends (part of) a payment back; the answer is the refund as the gateway stands now */
  refund?(req: RefundRequest): Promise<RefundEvent>;
  /** with mandates */
  mandates?: MandateMethods;
}

export class GatewaySignatureError extends Error {
  constructor(message = 'The payment signature does not match') {
    super(message);
    this.name = 'GatewaySignatureError';
  }
}

// a mandate debit that failed without any money moving: only then may a new try (with a new key) be placed at once
export class GatewayRefusedError extends Error {
  constructor(
    message: string,
    /** the reason lib/sip/retries.ts acts on, when the provider said why (otherwise a technical refusal) */
    readonly failureReason?: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'GatewayRefusedError';
  }
}
