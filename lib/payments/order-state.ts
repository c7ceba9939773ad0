// The order state machine: each transition happens once, and nothing moves an order back from paid.
export const ORDER_STATUS = { created: 'created', pending: 'pending', success: 'success', failed: 'failed', refunded: 'refunded' } as const;
export type OrderStatus = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];

/** failure_reason of an order (or refund) its gateway would not take */
export const GATEWAY_REFUSED_REASON = 'gateway_refused';

/** failure_reason of an order nobody paid within the gateway's checkout window (or whose debit never got an answer) */
export const ORDER_EXPIRED_REASON = 'expired';

const ALLOWED: Record<OrderStatus, readonly OrderStatus[]> = {
  created: ['pending', 'success', 'failed'],
  pending: ['success', 'failed'],
  // a late capture after a timeout or decline still credits the donor's money
  failed: ['success'],
  success: ['refunded'],
  refunded: [],
};

export function canMove(from: OrderStatus, to: OrderStatus): boolean {
  return ALLOWED[from].includes(to);
}
