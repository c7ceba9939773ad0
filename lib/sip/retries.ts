// What follows a failed SIP debit, by the reason the gateway gave. Written once here; the charge follow-up
// (lib/sip/settled.ts) obeys it and the FAQ shows it (sipRetryFaq), so what donors read is what happens.
import { SIP_RETRY_INSUFFICIENT_FUNDS_DAYS, SIP_RETRY_TECHNICAL_HOURS, SIP_RETRY_TECHNICAL_TRIES } from '../constants/sip';
import { DAY_MS, MINUTE_MS } from '../constants/time';
import { GATEWAY_REFUSED_REASON, ORDER_EXPIRED_REASON } from '../payments/order-state';
import { SIP_FAILURE, type SipFailureReason } from '../payments/mandate-words';

const HOUR_MS = 60 * MINUTE_MS;

export { SIP_FAILURE, type SipFailureReason };

export type SipRetryRule =
  /** tried again after each wait in turn (the nth failure of a month waits afterMs[n-1]); when none is left the SIP is paused */
  | { kind: 'retry'; afterMs: readonly number[] }
  /** nothing can be debited without a new mandate: no retry, the donor is asked to set one up */
  | { kind: 'new_mandate' };

export const SIP_RETRY_SCHEDULE: Record<SipFailureReason, SipRetryRule> = {
  insufficient_funds: { kind: 'retry', afterMs: SIP_RETRY_INSUFFICIENT_FUNDS_DAYS.map((d) => d * DAY_MS) },
  technical: { kind: 'retry', afterMs: Array.from({ length: SIP_RETRY_TECHNICAL_TRIES }, () => SIP_RETRY_TECHNICAL_HOURS * HOUR_MS) },
  mandate_revoked: { kind: 'new_mandate' },
  mandate_expired: { kind: 'new_mandate' },
};

/**
 * The reason a failure counts as: our own refusal to reach the gateway, or a debit that never got an answer and expired,
 * is technical (tried again within hours); any other decline is treated as the bank saying no.
 */
export function sipFailureReasonOf(failureReason: string | null | undefined): SipFailureReason {
  const known = Object.values(SIP_FAILURE).find((r) => r === failureReason);
  if (known) return known;
  return failureReason === GATEWAY_REFUSED_REASON || failureReason === ORDER_EXPIRED_REASON ? SIP_FAILURE.technical : SIP_FAILURE.insufficientFunds;
}

export type SipFailureStep =
  | { action: 'retry'; retryCount: number; retryAt: Date }
  /** the last try of the month failed: the SIP is paused (status 2) and the donor told */
  | { action: 'pause' }
  | { action: 'await_mandate' };

/** What to do after a month's failedTries-th failed try (1: its first debit failed), failing at `at`. */
export function nextStepAfterFailure(failureReason: string | null | undefined, failedTries: number, at: Date): SipFailureStep {
  const rule = SIP_RETRY_SCHEDULE[sipFailureReasonOf(failureReason)];
  if (rule.kind === 'new_mandate') return { action: 'await_mandate' };
  const wait = rule.afterMs[failedTries - 1];
  return wait === undefined ? { action: 'pause' } : { action: 'retry', retryCount: failedTries, retryAt: new Date(at.getTime() + wait) };
}

export interface SipRetryFaqEntry {
  reason: SipFailureReason;
  /** hours after the previous failed try, one per retry (empty: never retried) */
  retryAfterHours: number[];
  /** what happens when no retry is left */
  then: 'paused' | 'new_mandate';
}

/** The schedule in plain figures, for the FAQ. */
export const sipRetryFaq = (): SipRetryFaqEntry[] =>
  (Object.entries(SIP_RETRY_SCHEDULE) as [SipFailureReason, SipRetryRule][]).map(([reason, rule]) =>
    rule.kind === 'retry' ? { reason, retryAfterHours: rule.afterMs.map((ms) => ms / HOUR_MS), then: 'paused' } : { reason, retryAfterHours: [], then: 'new_mandate' },
  );
