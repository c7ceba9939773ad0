import { z } from 'zod';
import { getDb } from '@/lib/db/client';
import { handle, json } from '@/lib/http/respond';
import { parseJsonBody, parseWith } from '@/lib/http/validation';
import { FundraiserIdSchema } from '@/lib/validation/fundraisers';
import { CampaignVisitSchema } from '@/lib/validation/listings';
import { readableFundraiser } from '@/lib/story/service';
import { recordCampaignVisit } from '@/lib/story/page-actions';
import { visitorOf } from '@/lib/http/visitor';

export const dynamic = 'force-dynamic';

// spec 7 POST campaign visit: counted once per visitor, fundraiser and day; a browser without a cookie id gets one
export const POST = handle(async (request, { params }: { params: Promise<{ id: string }> }) => {
  const { id } = parseWith(z.object({ id: FundraiserIdSchema }), await params);
  const input = await parseJsonBody(CampaignVisitSchema, request);
  const db = await getDb();
  const f = await readableFundraiser(db, request, id);
  const visitor = visitorOf(request);
  const counted = await recordCampaignVisit(db, f, visitor.id, input);
  return json({ data: { counted } }, { status: counted ? 201 : 200, headers: { 'Cache-Control': 'no-store', ...(visitor.cookie ? { 'Set-Cookie': visitor.cookie } : {}) } });
});
