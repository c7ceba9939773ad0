// Withdrawals: the payout bank account, a withdrawal request and a reviewer's decision, shared by the
// campaigner's and reviewers' forms and the routes.
import { z } from 'zod';
import { rowIdSchema } from './ids';
import { ACCOUNT_HOLDER_NAME_MAX, ACCOUNT_HOLDER_NAME_MIN, BANK_ACCOUNT_DIGITS_MAX, BANK_ACCOUNT_DIGITS_MIN, WITHDRAWAL_PURPOSE_MAX, WITHDRAWAL_PURPOSE_MIN, WITHDRAWAL_REASON_MAX, WITHDRAWAL_REASON_MIN, WITHDRAWAL_REFERENCE_MAX } from '../constants/withdrawals';

export const WITHDRAWAL_MESSAGES = {
  holderName: `Please enter the name on the bank account (${ACCOUNT_HOLDER_NAME_MIN} to ${ACCOUNT_HOLDER_NAME_MAX} characters)`,
  accountNumber: `Please enter an account number of ${BANK_ACCOUNT_DIGITS_MIN} to ${BANK_ACCOUNT_DIGITS_MAX} digits`,
  accountMismatch: 'The account numbers do not match',
  ifsc: 'Please enter a valid IFSC: 11 characters, like SBIN0001234',
  purpose: `Please say what the money is for (${WITHDRAWAL_PURPOSE_MIN} to ${WITHDRAWAL_PURPOSE_MAX} characters)`,
  amount: 'Please enter the amount to withdraw',
  amountDecimals: 'The amount can have at most two decimals',
  amountPositive: 'Please enter an amount greater than zero',
  // PDFs are not taken yet: a bill goes through the same image pipeline as every other upload (spec 5 formats)
  document: 'Please attach a photo of the bill or estimate (jpg, png, gif or bmp)',
  uploads: 'Too many uploads, please try again in a while',
  aboveBalance: (available: string) => `The amount is more than the available balance of ${available}`,
  noAccount: 'Please add the bank account to pay into first',
  noFcraAccount: "Foreign contributions are paid only into the NGO's FCRA account: please add it to the NGO's details first",
  notFound: 'Withdrawal not found',
  decided: 'This withdrawal has already been decided',
  notApproved: 'Only an approved withdrawal can be marked paid',
  ownFundraiser: 'You cannot review a withdrawal from a fundraiser you manage',
  overRaised: 'Approving this would take out more than the fundraiser has raised',
  reason: `Please tell the campaigner why (${WITHDRAWAL_REASON_MIN} to ${WITHDRAWAL_REASON_MAX} characters)`,
  reference: `Please enter the bank's reference of the transfer (at most ${WITHDRAWAL_REFERENCE_MAX} characters)`,
} as const;

/** the IFSC format: four letters of the bank, a zero, six letters or digits of the branch */
export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;

/** An Indian bank account number and IFSC, as payouts and bank-transfer gifts both take them (pipe targets, after trimming). */
export const BankAccountNumberSchema = z.string().regex(new RegExp(`^\\d{${BANK_ACCOUNT_DIGITS_MIN},${BANK_ACCOUNT_DIGITS_MAX}}$`), WITHDRAWAL_MESSAGES.accountNumber);
export const IfscSchema = z.string().regex(IFSC_PATTERN, WITHDRAWAL_MESSAGES.ifsc);

export const PayoutAccountSchema = z
  .object({
    account_holder_name: z.string({ error: WITHDRAWAL_MESSAGES.holderName }).trim().min(ACCOUNT_HOLDER_NAME_MIN, WITHDRAWAL_MESSAGES.holderName).max(ACCOUNT_HOLDER_NAME_MAX, WITHDRAWAL_MESSAGES.holderName),
    // spaces people type between groups of digits are dropped; anything else but digits is refused
    account_number: z.string({ error: WITHDRAWAL_MESSAGES.accountNumber }).transform((s) => s.replace(/\s+/g, '')).pipe(BankAccountNumberSchema),
    account_number_confirm: z.string({ error: WITHDRAWAL_MESSAGES.accountMismatch }).transform((s) => s.replace(/\s+/g, '')),
    ifsc_code: z.string({ error: WITHDRAWAL_MESSAGES.ifsc }).trim().toUpperCase().pipe(IfscSchema),
  })
  .strict()
  .refine((a) => a.account_number === a.account_number_confirm, { path: ['account_number_confirm'], message: WITHDRAWAL_MESSAGES.accountMismatch });
export type PayoutAccountInput = z.infer<typeof PayoutAccountSchema>;

// a number, or a numeric string as a multipart form sends it, with at most two decimals
const AMOUNT_TEXT = /^\d{1,12}(?:\.\d+)?$/;
const hasAtMostTwoDecimals = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;

/** The text fields of a withdrawal request (the bill comes as the multipart file `document`). `amount` is in the fundraiser's currency. */
export const WithdrawalRequestSchema = z
  .object({
    purpose: z.string({ error: WITHDRAWAL_MESSAGES.purpose }).trim().min(WITHDRAWAL_PURPOSE_MIN, WITHDRAWAL_MESSAGES.purpose).max(WITHDRAWAL_PURPOSE_MAX, WITHDRAWAL_MESSAGES.purpose),
    amount: z.union([z.number(), z.string()], { error: WITHDRAWAL_MESSAGES.amount }).transform((value, ctx) => {
      const n = typeof value === 'number' ? value : AMOUNT_TEXT.test(value.trim()) ? Number(value.trim()) : NaN;
      if (!Number.isFinite(n)) ctx.addIssue({ code: 'custom', message: WITHDRAWAL_MESSAGES.amount });
      else if (!hasAtMostTwoDecimals(n)) ctx.addIssue({ code: 'custom', message: WITHDRAWAL_MESSAGES.amountDecimals });
      else if (n <= 0) ctx.addIssue({ code: 'custom', message: WITHDRAWAL_MESSAGES.amountPositive });
      else return n;
      return z.NEVER;
    }),
    /** '1': from the NGO's foreign contributions, paid into its FCRA account */
    from_foreign: z.enum(['0', '1']).optional(),
  })
  .strict();
export type WithdrawalRequestInput = z.infer<typeof WithdrawalRequestSchema>;

export const WithdrawalDecisionSchema = z.discriminatedUnion(
  'decision',
  [
    z.object({ decision: z.literal('approve') }).strict(),
    z.object({ decision: z.literal('reject'), reason: z.string({ error: WITHDRAWAL_MESSAGES.reason }).trim().min(WITHDRAWAL_REASON_MIN, WITHDRAWAL_MESSAGES.reason).max(WITHDRAWAL_REASON_MAX, WITHDRAWAL_MESSAGES.reason) }).strict(),
    z.object({ decision: z.literal('paid'), reference: z.string({ error: WITHDRAWAL_MESSAGES.reference }).trim().min(1, WITHDRAWAL_MESSAGES.reference).max(WITHDRAWAL_REFERENCE_MAX, WITHDRAWAL_MESSAGES.reference) }).strict(),
  ],
  { error: "decision must be 'approve', 'reject' or 'paid'" },
);
export type WithdrawalDecision = z.infer<typeof WithdrawalDecisionSchema>;

export const WITHDRAWAL_STATUSES = ['requested', 'approved', 'rejected', 'paid'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

/** The reviewers' queue: what still needs a person (requested, then approved and not yet paid) unless a status is asked for. */
export const WithdrawalQueueQuerySchema = z.object({ status: z.enum(WITHDRAWAL_STATUSES, { error: "status must be 'requested', 'approved', 'rejected' or 'paid'" }).optional() }).strict();

export const WithdrawalIdSchema = rowIdSchema('Withdrawal');
