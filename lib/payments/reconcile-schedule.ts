// One pass of reconciliation: pending orders old enough are asked of their gateway, unpaid ones past the
// checkout window expire. The job runner (lib/jobs) decides when, and that only one instance does it.
import 'server-only';
import { getDb } from '../db/client';
import { mainSiteOrigin } from '../whitelabel/site';
import { siteConfig } from '../whitelabel/resolve';
import { reconcilePendingOrders } from './results';
import { reconcileSettings } from './reconcile-settings';
import { log } from '../observability/log';

export async function reconcileNow(): Promise<{ order_id: string; result: string }[]> {
  const s = reconcileSettings();
  const results = await reconcilePendingOrders(await getDb(), { olderThanMs: s.olderThanMs, expireAfterMs: s.expireAfterMs, origin: mainSiteOrigin(siteConfig()) });
  const settled = results.filter((r) => r.result !== 'no answer');
  if (settled.length) log.info({ orders: settled.map((r) => `${r.order_id} ${r.result}`) }, `Reconciled ${settled.length} pending orders`);
  return results;
}
