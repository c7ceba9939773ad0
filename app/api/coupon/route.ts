import { z } from 'zod';
import { getDb } from '@/lib/db/client';
import { handle, json } from '@/lib/http/respond';
import { parseJsonBody } from '@/lib/http/validation';
import { rateLimited } from '@/lib/http/errors';
import { clientIp, hitRateLimit } from '@/lib/security/rate-limit';
import { quoteCoupon } from '@/lib/coupons/coupons';
import { CURRENCY_CODES, toMinor } from '@/lib/money';
import { COUPON_CHECKS_PER_IP } from '@/lib/constants';

export const dynamic = 'force-dynamic';

const CouponSchema = z.object({
  coupon_code: z.string({ error: 'Please enter a coupon code' }).trim().min(1, 'Please enter a coupon code').max(40, 'This coupon code is not valid'),
  currency: z.enum(CURRENCY_CODES, { error: 'This currency is not supported' }),
  donated_amount: z.coerce.number({ error: 'Please enter the amount' }).positive('Please enter a value greater than or equal to 1'),
});

// spec 7 POST coupon: what a sponsor's code adds to this gift (nothing is reserved until the gift settles)
export const POST = handle(async (request) => {
  const input = await parseJsonBody(CouponSchema, request);
  const db = await getDb();
  // codes are guessable words: a limit per address keeps them from being walked
  if (!(await hitRateLimit(db, `coupon:ip:${clientIp(request)}`, COUPON_CHECKS_PER_IP)).allowed) throw rateLimited('Too many coupon attempts. Please wait a few minutes and try again.');
  return json({ data: await quoteCoupon(db, input.coupon_code, { currency: input.currency, donatedMinor: toMinor(input.donated_amount) }) }, { headers: { 'Cache-Control': 'no-store' } });
});
