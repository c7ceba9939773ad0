// An NGO's FCRA registration as its people enter it: the number, the last day it is valid and the FCRA account.
import { z } from 'zod';
import { FCRA_NUMBER_PATTERN } from '../constants/giving';
import { BankAccountNumberSchema, IfscSchema, WITHDRAWAL_MESSAGES } from './withdrawals';

export const FCRA_FORM_MESSAGES = {
  number: 'Please enter the 9-digit FCRA registration number',
  validUntil: 'Please enter the date the registration is valid until',
  holder: WITHDRAWAL_MESSAGES.holderName,
  accountNumber: WITHDRAWAL_MESSAGES.accountNumber,
  ifsc: WITHDRAWAL_MESSAGES.ifsc,
} as const;

const date = z.string({ error: FCRA_FORM_MESSAGES.validUntil }).regex(/^\d{4}-\d{2}-\d{2}$/, FCRA_FORM_MESSAGES.validUntil).refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), FCRA_FORM_MESSAGES.validUntil);

/** the registration, or { fcra_number: null } to remove it */
export const FcraRegistrationSchema = z.union([
  z.object({ fcra_number: z.null() }).strict(),
  z
    .object({
      fcra_number: z.string({ error: FCRA_FORM_MESSAGES.number }).trim().regex(FCRA_NUMBER_PATTERN, FCRA_FORM_MESSAGES.number),
      fcra_valid_until: date,
      fcra_account_holder: z.string({ error: FCRA_FORM_MESSAGES.holder }).trim().min(2, FCRA_FORM_MESSAGES.holder).max(120, FCRA_FORM_MESSAGES.holder),
      fcra_account_number: z.string({ error: FCRA_FORM_MESSAGES.accountNumber }).transform((s) => s.replace(/\s+/g, '')).pipe(BankAccountNumberSchema),
      fcra_ifsc: z.string({ error: FCRA_FORM_MESSAGES.ifsc }).trim().toUpperCase().pipe(IfscSchema),
    })
    .strict(),
]);
export type FcraRegistrationInput = z.infer<typeof FcraRegistrationSchema>;
