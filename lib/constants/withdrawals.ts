// A payout account's and a withdrawal's numbers (spec 9) in a file of their own because the payment form's bank
// transfer and the campaigner's withdrawal form read them in the browser.
export const ACCOUNT_HOLDER_NAME_MAX = 100;
export const ACCOUNT_HOLDER_NAME_MIN = 3;
export const BANK_ACCOUNT_DIGITS_MAX = 18;
/** an Indian bank account number: digits only, this many at least and at most */
export const BANK_ACCOUNT_DIGITS_MIN = 9;
/** the IFSC format: four letters of the bank, a zero, six letters or digits of the branch */
export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;
export const WITHDRAWAL_PURPOSE_MAX = 500;
export const WITHDRAWAL_PURPOSE_MIN = 10;
export const WITHDRAWAL_REASON_MAX = 1_000;
export const WITHDRAWAL_REASON_MIN = 10;
export const WITHDRAWAL_REFERENCE_MAX = 100;
