// How often pending orders are reconciled and when an unpaid one expires (constants, overridable for benches).
import { env } from '../env';
import { RECONCILE_INTERVAL_MS } from '../constants/jobs';
import { ORDER_PAYMENT_WINDOW_MS, PENDING_ORDER_RECONCILE_AFTER_MS } from '../constants/payments';

export function reconcileSettings() {
  const e = env();
  return {
    intervalMs: e.RECONCILE_INTERVAL_MS ?? RECONCILE_INTERVAL_MS,
    olderThanMs: e.RECONCILE_AFTER_MS ?? PENDING_ORDER_RECONCILE_AFTER_MS,
    expireAfterMs: e.ORDER_EXPIRY_MS ?? ORDER_PAYMENT_WINDOW_MS,
  };
}
