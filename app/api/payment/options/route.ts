import { z } from 'zod';
import { json } from '@/lib/http/respond';
import { CURRENCY_CODES } from '@/lib/money';
import { offeredPaymentOptions } from '@/lib/payments/registry';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

export const GET = route({ who: 'anyone', query: z.object({ currency: z.enum(CURRENCY_CODES, { error: 'This currency is not supported' }).default('INR') }), database: false }, async ({ query: { currency } }) => {
  return json({ data: { currency, options: offeredPaymentOptions(currency) } }, { headers: { 'Cache-Control': 'public, max-age=3600' } });
});
