// The server reconciles pending orders by itself on a schedule: in process on the embedded database, and
// on PostgreSQL on one instance at a time (lib/jobs/scheduled.ts). The server's timer calls a route
// (api/internal/tasks/reconcile), so settling runs inside Next and expires cached pages as a webhook does.
import 'server-only';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { getDb } from '../db/client';
import { env } from '../env';
import { ORDER_PAYMENT_WINDOW_MS, PENDING_ORDER_RECONCILE_AFTER_MS, RECONCILE_INTERVAL_MS, SCHEDULED_TASK_LEASE_MS } from '../constants';
import { runScheduledTaskOnce, type ScheduledTask } from '../jobs/scheduled';
import { mainSiteOrigin } from '../whitelabel/site';
import { siteConfig } from '../whitelabel/resolve';
import { reconcilePendingOrders } from './results';

export function reconcileSettings() {
  const e = env();
  return {
    intervalMs: e.RECONCILE_INTERVAL_MS ?? RECONCILE_INTERVAL_MS,
    olderThanMs: e.RECONCILE_AFTER_MS ?? PENDING_ORDER_RECONCILE_AFTER_MS,
    expireAfterMs: e.ORDER_EXPIRY_MS ?? ORDER_PAYMENT_WINDOW_MS,
  };
}

export function reconcileTask(onResult: (results: { order_id: string; result: string }[]) => void = () => {}): ScheduledTask {
  const s = reconcileSettings();
  return {
    name: 'payments:reconcile',
    periodMs: s.intervalMs,
    leaseMs: SCHEDULED_TASK_LEASE_MS,
    run: async () => onResult(await reconcilePendingOrders(await getDb(), { olderThanMs: s.olderThanMs, expireAfterMs: s.expireAfterMs, origin: mainSiteOrigin(siteConfig()) })),
  };
}

// this process's name as a lease holder
const PROCESS_HOLDER = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;

/** One due run of reconciliation, if this instance wins it (called by the server's timer through a route). */
export async function reconcileIfDue(): Promise<boolean> {
  const task = reconcileTask((results) => {
    const settled = results.filter((r) => r.result !== 'no answer');
    if (settled.length) console.log(`Reconciled ${settled.length} pending orders: ${settled.map((r) => `${r.order_id} ${r.result}`).join(', ')}`);
  });
  return runScheduledTaskOnce(await getDb(), task, PROCESS_HOLDER);
}
