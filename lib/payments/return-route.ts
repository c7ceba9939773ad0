// spec 4 new/payment-route, the browser's side: what the return URL says, and where the donor goes after each answer
// of POST payment/response/{oi}. Plain functions (the page's client component and the tests share them).
import { ORIGIN_CODES } from '../constants/giving';
import { failureRedirect, type ReturnFundraiser } from './redirects';
import { isRowId } from '../validation/ids';

/** spec 3's return params the router reads itself (oi/order_id, or/origin, ct, id, an update's id, pt the page it was placed on); the rest are the gateway's. */
const OWN_PARAMS = new Set(['oi', 'or', 'origin', 'ct', 'id', 'update', 'pt']);

export interface PaymentReturn {
  /** our order id: oi, else order_id (spec 3 "oi/order_id") */
  orderId: string;
  /** an order id the gateway returned beside oi (order_id), which spec 4 compares with oi */
  returnedOrderId: string | null;
  /** where the payment started (spec 3 "or (origin)"); null when absent or unknown */
  origin: string | null;
  /** the fundraiser the gift was for (ct, id), when the URL names it, and the update it was given from (origin up) */
  fundraiser: ReturnFundraiser | null;
  /** what goes to the server to be verified: everything but our own params */
  gatewayParams: Record<string, string>;
  /** spec 3 page_type: where the gift was placed (the payment form), which decides where a failure goes */
  pageType: string | null;
}

export function readPaymentReturn(query: URLSearchParams): PaymentReturn {
  const oi = query.get('oi') ?? '';
  const returnedOrderId = query.get('order_id') || null;
  const rawOrigin = query.get('or') || query.get('origin');
  const origin = rawOrigin && (ORIGIN_CODES as readonly string[]).includes(rawOrigin) ? rawOrigin : null;
  const ct = query.get('ct') ?? '';
  const id = Number(query.get('id'));
  const validId = isRowId(id) ? id : null;
  // the payment screen (ps) needs the fundraiser's id as well as its tag; the other origins need the tag
  const update = Number(query.get('update'));
  const updateId = isRowId(update) ? update : null;
  const fundraiser = ct && (validId !== null || origin !== 'ps') ? { custom_tag: ct, id: validId ?? 0, ...(updateId ? { update_id: updateId } : {}) } : null;
  const gatewayParams: Record<string, string> = {};
  query.forEach((value, key) => {
    if (!OWN_PARAMS.has(key)) gatewayParams[key] = value;
  });
  return { orderId: oi || (returnedOrderId ?? ''), returnedOrderId, origin, fundraiser, gatewayParams, pageType: query.get('pt') };
}

/** spec 4: the returned order id is not ours on a thank-you origin: the donor goes home. */
export const isForeignThankYouReturn = (r: PaymentReturn) => r.origin === 'tp' && r.returnedOrderId !== null && r.returnedOrderId !== r.orderId;

/** spec 4: the order cannot be read (a request error, an unknown oi, no oi at all): the failure redirect by origin, with st=f. */
export function unreadableOrderRedirect(r: PaymentReturn, reason?: string | null): string {
  return failureRedirect(r.origin, r.fundraiser, reason, { pageType: r.pageType });
}

export type ReturnStep = { go: string } | { recheck: true };

/**
 * After one answer of POST payment/response/{oi} (null: it never came): go where the server says once the order is
 * settled, check again while it is pending, and on any failure to read the order go back by origin, with the server's
 * message as the reason when it gave one.
 */
export function nextReturnStep(r: PaymentReturn, answer: { ok: boolean; body: unknown } | null): ReturnStep {
  const body = (answer?.body ?? null) as { data?: { status?: unknown; redirect?: unknown }; error?: { message?: unknown } } | null;
  if (!answer?.ok || !body?.data) {
    const message = typeof body?.error?.message === 'string' ? body.error.message : null;
    return { go: unreadableOrderRedirect(r, message) };
  }
  const redirect = body.data.redirect;
  if (redirect === null || redirect === undefined) return { recheck: true };
  // our server names a path of this site; anything else is no answer to follow
  if (typeof redirect !== 'string' || !redirect.startsWith('/') || redirect.startsWith('//')) return { go: unreadableOrderRedirect(r) };
  return { go: body.data.status === 'success' ? withReturnProof(redirect, r.gatewayParams) : redirect };
}

/**
 * A paid order's thank-you shows the donor's gift to its donor only: the gateway's signed return goes with
 * it, so a donor whose bank app opened the return in another browser (no cart cookie, not signed in) still sees theirs.
 */
export function withReturnProof(path: string, gatewayParams: Record<string, string>): string {
  const proof = new URLSearchParams(gatewayParams);
  if (!proof.size) return path;
  const url = new URL(path, 'http://x');
  for (const [k, v] of proof) if (!url.searchParams.has(k)) url.searchParams.set(k, v);
  return `${url.pathname}${url.search}`;
}
