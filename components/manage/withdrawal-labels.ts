// The words of the withdrawal forms, by key under the Withdrawals messages. A plain module, not a client
// one: server pages read these key lists to build the labels, and a value imported from a 'use client' file is only a
// reference on the server. Labels cross to the browser, so they are strings: templates are filled in there.
import type { WithdrawalStatus } from '@/lib/validation/withdrawals';

/** Withdrawals.account */
export const PAYOUT_ACCOUNT_LABEL_KEYS = ['heading', 'none', 'holderName', 'accountNumber', 'accountNumberConfirm', 'confirmHint', 'ifsc', 'ifscHint', 'save', 'saving', 'saved', 'change', 'cancel', 'failed'] as const;
export type PayoutAccountLabels = Record<(typeof PAYOUT_ACCOUNT_LABEL_KEYS)[number], string> & {
  /** "Account ending {last4}", filled in with fillTemplate() */
  endingIn: string;
};

/** Withdrawals.request */
export const WITHDRAWAL_REQUEST_LABEL_KEYS = ['heading', 'needsAccount', 'nothingAvailable', 'amount', 'purpose', 'purposeHint', 'document', 'documentHint', 'submit', 'sending', 'sent', 'failed'] as const;
export type WithdrawalRequestLabels = Record<(typeof WITHDRAWAL_REQUEST_LABEL_KEYS)[number], string> & {
  /** "Up to {available}", filled in with fillTemplate() */
  amountHint: string;
};

/** Withdrawals.review (the statuses: Withdrawals.status) */
export const WITHDRAWAL_DECISION_LABEL_KEYS = ['approve', 'approveHint', 'rejectHeading', 'reason', 'reasonHint', 'reject', 'paidHeading', 'reference', 'referenceHint', 'markPaid', 'sending', 'approved', 'rejected', 'paid', 'failed'] as const;
export type WithdrawalDecisionLabels = Record<(typeof WITHDRAWAL_DECISION_LABEL_KEYS)[number], string> & { statuses: Record<WithdrawalStatus, string> };

/** Each key's words, as a labels type names them. */
export const wordsOf = <K extends string>(keys: readonly K[], word: (key: K) => string) => Object.fromEntries(keys.map((k) => [k, word(k)])) as Record<K, string>;
