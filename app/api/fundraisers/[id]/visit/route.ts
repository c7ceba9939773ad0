import { z } from 'zod';
import { json } from '@/lib/http/respond';
import { FundraiserIdSchema } from '@/lib/validation/fundraisers';
import { CampaignVisitSchema } from '@/lib/validation/listings';
import { readableFundraiser } from '@/lib/story/service';
import { recordCampaignVisit } from '@/lib/story/page-actions';
import { visitorOf } from '@/lib/http/visitor';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// spec 7 POST campaign visit: counted once per visitor, fundraiser and day; a browser without a cookie id gets one
export const POST = route({ who: 'anyone', params: z.object({ id: FundraiserIdSchema }), body: CampaignVisitSchema }, async ({ request, db, body: input, params: { id } }) => {
  const f = await readableFundraiser(db, request, id);
  const visitor = visitorOf(request);
  const counted = await recordCampaignVisit(db, f, visitor.id, input);
  return json({ data: { counted } }, { status: counted ? 201 : 200, headers: { 'Cache-Control': 'no-store', ...(visitor.cookie ? { 'Set-Cookie': visitor.cookie } : {}) } });
});
