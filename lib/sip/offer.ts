// The thank-you page's monthly-giving offer (spec 4 one-tap SIP): the SIP cause of the fundraiser just given
// to, spec 9's default amount, and the payment method of the order just paid (its UPI ID when AutoPay can take it).
import 'server-only';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { causes, fundraisers } from '../db/schema';
import { DEFAULT_SIP_CAUSE, DEFAULT_THANK_YOU_SIP_AMOUNT_INR } from '../constants/sip';
import { isSipUpiHandle, type SipCause, type SipPaymentMethod } from './rules';
import { SIP_CAUSE_TARGETS } from './split';

export interface SipOffer {
  sip_cause: SipCause;
  amount: number;
  currency: 'INR';
  payment_method: SipPaymentMethod;
  vpa?: string;
}

/** The SIP cause whose monthly gifts reach fundraisers like this one (the reverse of the split's targets). */
export async function sipCauseOfFundraiser(db: DbOrTx, fundraiserId: number): Promise<SipCause> {
  const [c] = await db.select({ slug: causes.slug, is_medical: causes.is_medical }).from(fundraisers).innerJoin(causes, eq(causes.id, fundraisers.cause_id)).where(eq(fundraisers.id, fundraiserId));
  if (!c || c.is_medical) return DEFAULT_SIP_CAUSE;
  const found = (Object.entries(SIP_CAUSE_TARGETS) as [SipCause, { slugs: readonly string[] }][]).find(([, t]) => t.slugs.includes(c.slug));
  return found ? found[0] : DEFAULT_SIP_CAUSE;
}

/** spec 4: the offer after a rupee gift (spec 9's default amount is in rupees); the last order's mode picks the method. */
export async function thankYouSipOffer(db: DbOrTx, order: { fundraiser_id: number | null; iso_currency: string; payment_mode: string; vpa: string | null }): Promise<SipOffer | null> {
  if (order.iso_currency !== 'INR' || !order.fundraiser_id) return null;
  const viaUpi = (order.payment_mode === 'UPI' || order.payment_mode === 'VPA') && order.vpa && isSipUpiHandle(order.vpa);
  return {
    sip_cause: await sipCauseOfFundraiser(db, order.fundraiser_id),
    amount: DEFAULT_THANK_YOU_SIP_AMOUNT_INR,
    currency: 'INR',
    payment_method: viaUpi ? 'UPIRECURRING' : order.payment_mode === 'CARD' ? 'CARD' : 'Emandate',
    ...(viaUpi ? { vpa: order.vpa! } : {}),
  };
}
