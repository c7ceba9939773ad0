import { z } from 'zod';
import { json } from '@/lib/http/respond';
import { FundraiserIdSchema } from '@/lib/validation/fundraisers';
import { readableFundraiser } from '@/lib/story/service';
import { contactCampaignerForm, receiveLead } from '@/lib/leads/receive';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// spec 7: POST contact campaigner; the message reaches the campaigner by email, and the answer names only the lead
export const POST = route({ who: 'anyone', params: z.object({ id: FundraiserIdSchema }), body: z.unknown() }, async ({ request, db, body, params: { id } }) => {
  // a private fundraiser's campaigner is reached only by those who may read its story (its PIN)
  const fundraiser = await readableFundraiser(db, request, id);
  const sent = await receiveLead(db, request, body, contactCampaignerForm(fundraiser));
  return json({ data: { id: sent.id } }, { status: 201 });
});
