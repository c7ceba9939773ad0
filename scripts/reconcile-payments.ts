// npm run payments:reconcile: one pass of what the server does on its schedule (for PostgreSQL deployments and ops).
import { closeDb, getDb } from '../lib/db/client';
import { reconcilePendingOrders } from '../lib/payments/results';
import { reconcileSettings } from '../lib/payments/reconcile-settings';
import { mainSiteOrigin } from '../lib/whitelabel/site';
import { siteConfig } from '../lib/whitelabel/resolve';
// what settled orders and moved mandates mean for SIPs and insurance, before anything settles
import '../lib/reactions';

async function main() {
  const db = await getDb();
  const { olderThanMs, expireAfterMs } = reconcileSettings();
  const results = await reconcilePendingOrders(db, { olderThanMs, expireAfterMs, origin: mainSiteOrigin(siteConfig()) });
  await closeDb();
  for (const r of results) console.log(`${r.order_id}: ${r.result}`);
  console.log(`${results.length} pending orders checked`);
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
