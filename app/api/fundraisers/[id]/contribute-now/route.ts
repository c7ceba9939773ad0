import { z } from 'zod';
import { json } from '@/lib/http/respond';
import { FundraiserIdSchema } from '@/lib/validation/fundraisers';
import { ContributeNowSchema } from '@/lib/validation/listings';
import { contributeNow } from '@/lib/story/page-actions';
import { donatableFundraiser } from '@/lib/donations/service';
import { hasPinAccess } from '@/lib/story/pin-access';
import { locationFromHeaders } from '@/lib/payments/options';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// spec 7 POST contribute-now: records the click and answers the payment page to open; refused as the cart would be
export const POST = route({ who: 'anyone', params: z.object({ id: FundraiserIdSchema }), body: ContributeNowSchema }, async ({ request, db, body: input, params: { id } }) => {
  const f = await donatableFundraiser(db, id, await hasPinAccess(request, id));
  // as GET contribute: the asked currency, else the visitor's country's; the story page is the origin unless told
  const currency = input.currency ?? locationFromHeaders(request.headers).currency;
  const data = await contributeNow(db, f, { ...input, currency, origin: input.origin ?? 's' });
  return json({ data }, { status: 201, headers: { 'Cache-Control': 'no-store' } });
});
