// A donor's mandate: registered with a gateway that has the mandates capability, authorised by the donor
// on the gateway's page, and moved on by mandate events (lib/payments/events.ts).
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { mandates, users } from '../db/schema';
import { notFound } from '../http/errors';
import { gatewayFor, modeUnavailable } from './registry';
import { GatewaySignatureError, type MandateHandle } from './gateway';
import { applyGatewayEvent } from './events';
import { afterMandateMoved } from './results';
import { emandateFirstName } from './mandate-words';
import { RAZORPAY_MANDATE_AUTH_AMOUNT_MINOR } from '../constants/payments';

export async function createMandate(
  db: Db,
  req: { userId: number; gateway: string; method: string; maxAmountMinor: number; currency: string; vpa?: string },
  ctx: { origin: string; returnUrl: string },
) {
  const gateway = gatewayFor(req.gateway, ctx.origin);
  if (!gateway?.capabilities.mandates || !gateway.mandates) throw modeUnavailable();
  const [user] = await db.select().from(users).where(eq(users.id, req.userId));
  if (!user) throw notFound('User not found');
  const mandateRef = `MDT${req.userId}-${Date.now().toString(36)}`;
  const { gatewayMandateId, authoriseUrl, customerId } = await gateway.mandates.create(
    {
      mandateRef,
      method: req.method,
      maxAmountMinor: req.maxAmountMinor,
      currency: req.currency,
      // spec 5: banks refuse e-mandates whose first name is under 3 characters; the spec's suffix lengthens it
      donor: { name: req.method === 'Emandate' ? emandateFirstName(user.full_name) : user.full_name, email: user.email, phone: user.phone_1 },
      ...(req.vpa ? { vpa: req.vpa } : {}),
    },
    ctx.returnUrl,
  );
  const [mandate] = await db
    .insert(mandates)
    .values({ user_id: req.userId, gateway: req.gateway, gateway_mandate_id: gatewayMandateId, gateway_customer_id: customerId ?? null, method: req.method, currency: req.currency, max_amount_minor: req.maxAmountMinor })
    .returning();
  return { mandate, authoriseUrl };
}

/** What a provider needs to name a stored mandate in a debit or a cancellation. */
export const mandateHandle = (m: typeof mandates.$inferSelect): MandateHandle => ({ gatewayMandateId: m.gateway_mandate_id, customerId: m.gateway_customer_id, token: m.gateway_token });

/**
 * A provider's signed authorisation result brought back by the donor's browser (Razorpay's Checkout): applied like its
 * webhook, so the welcome page shows the SIP running without waiting for it. A forged or unsigned return changes nothing.
 */
export async function acceptMandateReturn(db: Db, gatewayName: string, params: Record<string, string>, origin: string): Promise<boolean> {
  const gateway = gatewayFor(gatewayName, origin);
  if (!gateway?.mandates?.verifyReturn) return false;
  try {
    await afterMandateMoved(db, await applyGatewayEvent(db, gatewayName, await gateway.mandates.verifyReturn(params), 'return'), origin);
    return true;
  } catch (error) {
    if (error instanceof GatewaySignatureError) return false;
    throw error;
  }
}

/** A mandate waiting for the donor on a provider's checkout: its donor, Razorpay customer, reference, and authorisation amount. */
export async function mandateToAuthorise(db: Db, gateway: string, gatewayMandateId: string) {
  const [row] = await db
    .select({ mandate: mandates, user: users })
    .from(mandates)
    .innerJoin(users, eq(users.id, mandates.user_id))
    .where(and(eq(mandates.gateway, gateway), eq(mandates.gateway_mandate_id, gatewayMandateId), eq(mandates.status, 'created')));
  if (!row?.mandate.gateway_customer_id) return null;
  return {
    ...row,
    customerId: row.mandate.gateway_customer_id,
    // our reference in the payment's notes: the webhook tells a mandate's authorisation from a gift by it
    mandateRef: `MDT${row.mandate.id}`,
    authorisationMinor: RAZORPAY_MANDATE_AUTH_AMOUNT_MINOR[row.mandate.method as keyof typeof RAZORPAY_MANDATE_AUTH_AMOUNT_MINOR] ?? 0,
  };
}
