import { z } from 'zod';
import { json } from '@/lib/http/respond';
import { rateLimited } from '@/lib/http/errors';
import { clientIp, hitRateLimit } from '@/lib/security/rate-limit';
import { quoteCoupon } from '@/lib/coupons/coupons';
import { CURRENCY_CODES, toMinor } from '@/lib/money';
import { FundraiserIdSchema } from '@/lib/validation/fundraisers';
import { EmailSchema } from '@/lib/validation/people';
import { COUPON_CHECKS_PER_IP } from '@/lib/constants/security/limits';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

const CouponSchema = z.object({
  coupon_code: z.string({ error: 'Please enter a coupon code' }).trim().min(1, 'Please enter a coupon code').max(40, 'This coupon code is not valid'),
  currency: z.enum(CURRENCY_CODES, { error: 'This currency is not supported' }),
  donated_amount: z.coerce.number({ error: 'Please enter the amount' }).positive('Please enter a value greater than or equal to 1'),
  /** the gift's fundraiser and the email typed so far, so the quote says at once when the match is not for this donor */
  campaign_id: FundraiserIdSchema.optional(),
  // an address still being typed is no reason to refuse a quote: it is left out until it reads as one
  donor_email: EmailSchema.optional().catch(undefined),
});

// spec 7 POST coupon: what a sponsor's code adds to this gift (nothing is reserved until the gift settles)
export const POST = route({ who: 'visitor', body: CouponSchema }, async ({ request, db, user, body: input }) => {
  // codes are guessable words: a limit per address keeps them from being walked
  if (!(await hitRateLimit(db, `coupon:ip:${clientIp(request)}`, COUPON_CHECKS_PER_IP)).allowed) throw rateLimited('Too many coupon attempts. Please wait a few minutes and try again.');
  const donor = { fundraiserId: input.campaign_id ?? null, userIds: [user?.id], email: input.donor_email };
  return json({ data: await quoteCoupon(db, input.coupon_code, { currency: input.currency, donatedMinor: toMinor(input.donated_amount) }, donor) }, { headers: { 'Cache-Control': 'no-store' } });
});
