import { z } from 'zod';
import { json } from '@/lib/http/respond';
import { notFound } from '@/lib/http/errors';
import { can } from '@/lib/permissions/can';
import { DraftFieldsSchema } from '@/lib/validation/drafts';
import { FundraiserIdSchema } from '@/lib/validation/fundraisers';
import { updateDraft } from '@/lib/fundraisers/drafts';
import { draftView } from '@/lib/fundraisers/draft-view';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

const PRIVATE = { headers: { 'Cache-Control': 'private, no-store' } };

// spec 7: GET a campaign or draft for its creator, owner, manager or a reviewer (404 to anyone else)
export const GET = route({ who: 'user', params: z.object({ id: FundraiserIdSchema }) }, async ({ db, user, params: { id } }) => {
  if (!(await can(db, user, 'fundraiser.view', { kind: 'fundraiser', id }))) throw notFound('Draft not found');
  return json({ data: await draftView(db, id, { withMedia: true }) }, PRIVATE);
});

// each wizard step saves what it has (every field optional, each checked)
export const PUT = route({ who: 'user', params: z.object({ id: FundraiserIdSchema }), body: DraftFieldsSchema }, async ({ db, user, body: fields, params: { id } }) => {
  return json({ data: await updateDraft(db, user, id, fields) }, PRIVATE);
});
