// spec 7 send-order: a bank transfer's source account. The payment form loads it only when the donor pays by transfer.
import { z } from 'zod';
import { BankAccountNumberSchema, IfscSchema } from './withdrawals';
import { MESSAGES } from './people';

const requiredText = (max: number) => z.string({ error: MESSAGES.required }).trim().min(1, MESSAGES.required).max(max, MESSAGES.required);

/**
 * Bank transfer (spec 7 send-order fields account_no, ifsc_code, bank_name): the account the donor transfers
 * from, so the gateway takes the transfer from that account only and a refund goes back to it. spec 5: 'Field Required'.
 */
export const BankTransferSchema = z.object({
  account_no: requiredText(40).pipe(BankAccountNumberSchema),
  ifsc_code: requiredText(20).transform((v) => v.toUpperCase()).pipe(IfscSchema),
  bank_name: requiredText(80),
});
export type BankTransferInput = z.input<typeof BankTransferSchema>;
