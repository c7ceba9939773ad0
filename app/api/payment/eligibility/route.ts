import { z } from 'zod';
import { json } from '@/lib/http/respond';
import { CURRENCY_CODES } from '@/lib/money';
import { paymentEligibility } from '@/lib/payments/eligibility';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

const EligibilitySchema = z.object({
  currency: z.enum(CURRENCY_CODES, { error: 'This currency is not supported' }).default('INR'),
  amount: z.coerce.number({ error: 'Please enter the amount' }).min(1, 'Please enter a value greater than or equal to 1'),
});

// spec 7 POST payment/eligibility: the methods this amount may be paid with, one-time and monthly
export const POST = route({ who: 'anyone', body: EligibilitySchema, database: false }, async ({ body: { currency, amount } }) => {
  return json({ data: paymentEligibility(currency, amount) }, { headers: { 'Cache-Control': 'no-store' } });
});
