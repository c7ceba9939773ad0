// bench:scale's seeding (run with tsx, one process per database): the demo, bulk fundraisers up to N, and one demo
// donor with many settled gifts (the portfolio's worst case). PGLITE_DIR or DATABASE_URL names the database.
import { and, count, eq, sql } from 'drizzle-orm';
import { closeDb, getDb } from '../../lib/db/client';
import { seedBulk, seedDemo } from '../../demo/seed';
import { settleBulkLoad } from '../../lib/db/upkeep';
import { carts, fundraisers, orders, users } from '../../lib/db/schema';
import { applyGatewayEvent } from '../../lib/payments/events';

const [target, donorOrders, donorEmail, rareWord] = [Number(process.argv[2]), Number(process.argv[3] ?? 500), process.argv[4] ?? 'donor3@demo.sahyog.in', process.argv[5]];

async function main() {
  if (!Number.isInteger(target) || target < 1) throw new Error('usage: seed-scale.ts FUNDRAISERS [DONOR_ORDERS] [DONOR_EMAIL] [RARE_WORD]');
  const db = await getDb();
  await seedDemo(db);
  const started = Date.now();
  await seedBulk(db, target, (m) => console.log(`  ${m}`));
  const [donor] = await db.select().from(users).where(eq(users.email, donorEmail));
  const [{ had }] = await db.select({ had: count() }).from(orders).where(and(eq(orders.user_id, donor.id), eq(orders.status, 'success')));
  const targets = await db.select({ id: fundraisers.id, currency: fundraisers.currency }).from(fundraisers).where(eq(fundraisers.is_private, false)).limit(200);
  for (let i = had; i < donorOrders; i++) {
    const f = targets[i % targets.length];
    const amount = 50_000 + (i % 7) * 10_000;
    const [cart] = await db.insert(carts).values({ fundraiser_id: f.id, user_id: donor.id, currency: f.currency, donated_amount_minor: amount, donated_amount_inr_minor: amount, donor_name: donor.full_name, donor_email: donor.email, donor_phone: donor.phone_1 ?? '9876543210' }).returning();
    const orderId = `BENCH${donor.id}X${i}`;
    await db.insert(orders).values({ order_id: orderId, cart_id: cart.id, fundraiser_id: f.id, user_id: donor.id, payment_mode: 'CARD', payment_gateway: 'sandbox', gateway_order_id: `bench_${orderId}`, iso_currency: f.currency, donated_amount_minor: amount, credited_amount_minor: amount, status: 'pending' });
    // settled the one way every payment is (ledger, totals), so the portfolio reads what a real donor's would
    await applyGatewayEvent(db, 'sandbox', { eventId: `bench:${orderId}`, type: 'payment.success', gatewayOrderId: `bench_${orderId}`, gatewayPaymentId: `bench_pay_${orderId}`, status: 'success', amountMinor: amount, currency: f.currency, payload: {} }, 'webhook');
  }
  // a word one public fundraiser has at every size, for the rare-word search: the bulk titles repeat the demo's templates,
  // so any title word of the demo is common at 100,000
  if (rareWord) await db.execute(sql`update fundraisers set short_description = concat_ws(' ', short_description, ${rareWord}::text) where id = (select min(id) from fundraisers where is_private = false and status_flag = 1) and coalesce(short_description, '') not like ${`%${rareWord}%`}::text`);
  // what autovacuum does on a live database: without statistics, and with 100,000 rows waiting in the search index's
  // pending list, a fresh seed's plans and index reads are not the ones users get (PGlite's own upkeep job keeps it so)
  await settleBulkLoad(db);
  console.log(`  ${target} fundraisers, ${donorEmail} with ${Math.max(had, donorOrders)} gifts (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  await closeDb();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
