import { z } from 'zod';
import { getDb } from '@/lib/db/client';
import { handle, json } from '@/lib/http/respond';
import { parseJsonBody, parseWith } from '@/lib/http/validation';
import { FundraiserIdSchema } from '@/lib/validation/fundraisers';
import { ContributeNowSchema } from '@/lib/validation/listings';
import { contributeNow } from '@/lib/story/page-actions';
import { donatableFundraiser } from '@/lib/donations/service';
import { hasPinAccess } from '@/lib/story/pin-access';
import { locationFromHeaders } from '@/lib/payments/options';

export const dynamic = 'force-dynamic';

// spec 7 POST contribute-now: records the click and answers the payment page to open; refused as the cart would be
export const POST = handle(async (request, { params }: { params: Promise<{ id: string }> }) => {
  const { id } = parseWith(z.object({ id: FundraiserIdSchema }), await params);
  const input = await parseJsonBody(ContributeNowSchema, request);
  const db = await getDb();
  const f = await donatableFundraiser(db, id, await hasPinAccess(request, id));
  // as GET contribute: the asked currency, else the visitor's country's; the story page is the origin unless told
  const currency = input.currency ?? locationFromHeaders(request.headers).currency;
  const data = await contributeNow(db, f, { ...input, currency, origin: input.origin ?? 's' });
  return json({ data }, { status: 201, headers: { 'Cache-Control': 'no-store' } });
});
