import { z } from 'zod';
import { handle, json } from '@/lib/http/respond';
import { parseJsonBody } from '@/lib/http/validation';
import { CURRENCY_CODES } from '@/lib/money';
import { paymentEligibility } from '@/lib/payments/eligibility';

export const dynamic = 'force-dynamic';

const EligibilitySchema = z.object({
  currency: z.enum(CURRENCY_CODES, { error: 'This currency is not supported' }).default('INR'),
  amount: z.coerce.number({ error: 'Please enter the amount' }).min(1, 'Please enter a value greater than or equal to 1'),
});

// spec 7 POST payment/eligibility: the methods this amount may be paid with, one-time and monthly
export const POST = handle(async (request) => {
  const { currency, amount } = await parseJsonBody(EligibilitySchema, request);
  return json({ data: paymentEligibility(currency, amount) }, { headers: { 'Cache-Control': 'no-store' } });
});
