// SIPs and their mandates. A mandate is registered by createMandate with the sandbox gateway and moved on by the
// gateway's events (applyGatewayEvent); a SIP is written as subscribing leaves it, its mandate's cover recorded.
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { mandates, subscriptionLines, subscriptions } from '@/lib/db/schema';
import { recordMandateCover } from '@/lib/sip/cover';
import { createMandate } from '@/lib/payments/mandates';
import { applyGatewayEvent } from '@/lib/payments/events';
import { unique } from './database';

const ORIGIN = 'http://localhost:3000';

type MandateRow = typeof mandates.$inferSelect;

/** A donor's sandbox mandate, registered (createMandate) and, unless told 'created', authorised by its gateway event. */
export async function makeMandate(db: Db, userId: number, o: { maxAmountMinor?: number; currency?: string; method?: string; status?: 'created' | 'active' } = {}): Promise<MandateRow> {
  const { mandate } = await createMandate(
    db,
    { userId, gateway: 'sandbox', method: o.method ?? 'UPIRECURRING', maxAmountMinor: o.maxAmountMinor ?? 100_000, currency: o.currency ?? 'INR' },
    { origin: ORIGIN, returnUrl: `${ORIGIN}/sip` },
  );
  if ((o.status ?? 'active') === 'active') {
    await applyGatewayEvent(db, 'sandbox', { kind: 'mandate', eventId: `test:${mandate.gateway_mandate_id}:active`, gatewayMandateId: mandate.gateway_mandate_id, status: 'active', type: 'mandate.active', payload: {} }, 'webhook');
  }
  return (await db.select().from(mandates).where(eq(mandates.id, mandate.id)))[0];
}

type SipLine = { sip_cause: string; amount_minor: number } | { fundraiser_id: number; amount_minor: number };

/** A monthly SIP of a donor, with lines per cause (or fundraiser), under an active sandbox mandate unless told. */
export async function makeSubscription(db: Db, o: { userId: number; currency?: string; lines: SipLine[]; mandate?: 'active' | 'created' | null }) {
  const currency = o.currency ?? 'INR';
  const total = o.lines.reduce((n, l) => n + l.amount_minor, 0);
  const [mandate] = o.mandate === null
    ? []
    : await db
        .insert(mandates)
        .values({ user_id: o.userId, gateway: 'sandbox', gateway_mandate_id: `sbx_mdt_${unique('test')}`, method: 'UPIRECURRING', currency, max_amount_minor: total * 2, status: o.mandate ?? 'active', authorised_at: (o.mandate ?? 'active') === 'active' ? new Date() : null })
        .returning();
  const first = o.lines[0];
  const [sub] = await db
    .insert(subscriptions)
    .values({ user_id: o.userId, sip_cause: 'sip_cause' in first ? first.sip_cause : 'medical', fundraiser_id: 'fundraiser_id' in first && o.lines.length === 1 ? first.fundraiser_id : null, currency, amount_minor: total, payment_gateway: 'sandbox', mandate_id: mandate?.id ?? null })
    .returning();
  await db.insert(subscriptionLines).values(o.lines.map((l) => ({ subscription_id: sub.id, amount_minor: l.amount_minor, ...('sip_cause' in l ? { sip_cause: l.sip_cause } : { fundraiser_id: l.fundraiser_id }) })));
  // the mandate was set up for this SIP, as subscribing records it
  if (mandate) await recordMandateCover(db, mandate.id, [sub.id]);
  return { subscription: sub, mandate: mandate ?? null };
}
