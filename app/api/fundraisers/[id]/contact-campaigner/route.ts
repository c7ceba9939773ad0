import { z } from 'zod';
import { getDb } from '@/lib/db/client';
import { handle, json } from '@/lib/http/respond';
import { parseJsonBody, parseWith } from '@/lib/http/validation';
import { assertSameOrigin } from '@/lib/http/origin';
import { FundraiserIdSchema } from '@/lib/validation/fundraisers';
import { readableFundraiser } from '@/lib/story/service';
import { contactCampaignerForm, receiveLead } from '@/lib/leads/receive';

export const dynamic = 'force-dynamic';

// spec 7: POST contact campaigner; the message reaches the campaigner by email, and the answer names only the lead
export const POST = handle(async (request, { params }: { params: Promise<{ id: string }> }) => {
  assertSameOrigin(request);
  const { id } = parseWith(z.object({ id: FundraiserIdSchema }), await params);
  const body = await parseJsonBody(z.unknown(), request);
  const db = await getDb();
  // a private fundraiser's campaigner is reached only by those who may read its story (its PIN)
  const fundraiser = await readableFundraiser(db, request, id);
  const sent = await receiveLead(db, request, body, contactCampaignerForm(fundraiser));
  return json({ data: { id: sent.id } }, { status: 201 });
});
