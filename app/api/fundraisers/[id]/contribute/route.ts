import { z } from 'zod';
import { json } from '@/lib/http/respond';
import { notFound } from '@/lib/http/errors';
import { FundraiserIdSchema } from '@/lib/validation/fundraisers';
import { fundraiserById } from '@/lib/fundraisers/queries';
import { hasTaxBenefit } from '@/lib/fundraisers/rules';
import { isFundraiserEnded } from '@/lib/fundraisers/status';
import { CURRENCY_CODES } from '@/lib/money';
import { ORIGIN_CODES } from '@/lib/constants/giving';
import { defaultDonationAmount, donationPresetsFor } from '@/lib/donations/amounts';
import { locationFromHeaders } from '@/lib/payments/options';
import { offeredPaymentOptions } from '@/lib/payments/registry';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// spec 7: GET fundraisers/{id}/contribute (currency, sip_cause, origin, utm): what the payment screen needs
export const GET = route({ who: 'anyone', params: z.object({ id: FundraiserIdSchema }), query: z.object({ currency: z.enum(CURRENCY_CODES, { error: 'This currency is not supported' }).optional(), origin: z.enum(ORIGIN_CODES).optional(), sip_cause: z.string().max(40).optional() }) }, async ({ request, db, query: q, params: { id } }) => {
  const f = await fundraiserById(db, id);
  if (!f || f.is_private) throw notFound('Fundraiser not found');
  const currency = q.currency ?? locationFromHeaders(request.headers).currency;
  return json({
    data: {
      id: f.id,
      custom_tag: f.custom_tag,
      title: f.title,
      is_ended: isFundraiserEnded(f),
      // 80G needs a gift in rupees
      tax_benefit: hasTaxBenefit(f) && currency === 'INR',
      currency,
      presets: donationPresetsFor(currency),
      default_amount: defaultDonationAmount(currency),
      payment_options: offeredPaymentOptions(currency),
      origin: q.origin ?? 's',
    },
  });
});
