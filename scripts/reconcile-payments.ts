// npm run payments:reconcile: asks the gateways about orders pending longer than 15 minutes and settles them.
import { closeDb, getDb } from '../lib/db/client';
import { reconcilePendingOrders } from '../lib/payments/results';
import { PENDING_ORDER_RECONCILE_AFTER_MS } from '../lib/constants';
import { env } from '../lib/env';

async function main() {
  const db = await getDb();
  const results = await reconcilePendingOrders(db, PENDING_ORDER_RECONCILE_AFTER_MS, env().SITE_URL ?? 'http://localhost:3000');
  await closeDb();
  for (const r of results) console.log(`${r.order_id}: ${r.result}`);
  console.log(`${results.length} pending orders checked`);
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
