import { z } from 'zod';
import { json } from '@/lib/http/respond';
import { requestOrigin } from '@/lib/whitelabel/request-origin';
import { hasPinAccess } from '@/lib/story/pin-access';
import { redeemCredit } from '@/lib/payments/wallet';
import { CURRENCY_CODES } from '@/lib/money';
import { LOCALES } from '@/lib/i18n/locales';
import { FundraiserIdSchema } from '@/lib/validation/fundraisers';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

const RedeemSchema = z.object({
  campaign_id: FundraiserIdSchema,
  amount: z.coerce.number({ error: 'Please enter the amount' }).min(1, 'Please enter a value greater than or equal to 1'),
  currency: z.enum(CURRENCY_CODES, { error: 'This currency is not supported' }).default('INR'),
  is_anonymous: z.enum(['0', '1']).default('0'),
  locale: z.enum(LOCALES).optional().catch(undefined),
});

// spec 7 POST redeem amount: a gift to a fundraiser from the signed-in user's Sahyog credit, never above the balance
export const POST = route({ who: 'user', body: RedeemSchema }, async ({ request, db, user, body: input }) => {
  const { order, balance } = await redeemCredit(db, user, input.campaign_id, { amount: input.amount, currency: input.currency, is_anonymous: input.is_anonymous === '1' }, { pinVerified: await hasPinAccess(request, input.campaign_id), origin: await requestOrigin(request), locale: input.locale ?? 'en' });
  return json({ data: { order_id: order.order_id, status: order.status, donated_amount_minor: order.donated_amount_minor, iso_currency: order.iso_currency, balance_minor: balance } }, { status: 201, headers: { 'Cache-Control': 'private, no-store' } });
});
