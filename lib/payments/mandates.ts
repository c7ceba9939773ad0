// A donor's mandate: registered with a gateway that has the mandates capability, authorised by the donor
// on the gateway's page, and moved on by mandate events (lib/payments/events.ts).
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { mandates, users } from '../db/schema';
import { notFound } from '../http/errors';
import { gatewayFor, modeUnavailable } from './registry';
import type { MandateHandle } from './gateway';
import { emandateFirstName } from '../sip/rules';

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
  const { gatewayMandateId, authoriseUrl } = await gateway.mandates.create(
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
    .values({ user_id: req.userId, gateway: req.gateway, gateway_mandate_id: gatewayMandateId, method: req.method, currency: req.currency, max_amount_minor: req.maxAmountMinor })
    .returning();
  return { mandate, authoriseUrl };
}

/** What a provider needs to name a stored mandate in a debit or a cancellation. */
export const mandateHandle = (m: typeof mandates.$inferSelect): MandateHandle => ({ gatewayMandateId: m.gateway_mandate_id, customerId: m.gateway_customer_id, token: m.gateway_token });
