import { z } from 'zod';
import { handle, json } from '@/lib/http/respond';
import { parseQuery } from '@/lib/http/validation';
import { CURRENCY_CODES } from '@/lib/money';
import { offeredPaymentOptions } from '@/lib/payments/registry';

export const dynamic = 'force-dynamic';

export const GET = handle(async (request) => {
  const { currency } = parseQuery(z.object({ currency: z.enum(CURRENCY_CODES, { error: 'This currency is not supported' }).default('INR') }), request.url);
  return json({ data: { currency, options: offeredPaymentOptions(currency) } }, { headers: { 'Cache-Control': 'public, max-age=3600' } });
});
