// A payout account's and a withdrawal's numbers (spec 9). The payment form's bank transfer and the campaigner's and
// reviewers' withdrawal forms read this file in the browser: it imports nothing.
export const ACCOUNT_HOLDER_NAME_MAX = 100;
export const ACCOUNT_HOLDER_NAME_MIN = 3;
export const BANK_ACCOUNT_DIGITS_MAX = 18;
/** an Indian bank account number: digits only, this many at least and at most */
export const BANK_ACCOUNT_DIGITS_MIN = 9;
/** digits of an account number any answer or page shows */
export const BANK_ACCOUNT_VISIBLE_DIGITS = 4;
export const WITHDRAWAL_PURPOSE_MAX = 500;
export const WITHDRAWAL_PURPOSE_MIN = 10;
export const WITHDRAWAL_REASON_MAX = 1_000;
export const WITHDRAWAL_REASON_MIN = 10;
export const WITHDRAWAL_REFERENCE_MAX = 100;
/** withdrawals the reviewers' queue lists at once, oldest first */
export const WITHDRAWAL_QUEUE_MAX = 100;

/** withdrawals that have left (or are leaving) the fundraiser's account: the ledger has them and the story shows them */
export const APPROVED_WITHDRAWAL_STATUSES = ['approved', 'paid'] as const;
