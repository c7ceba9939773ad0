import { z } from 'zod';
import { getDb } from '@/lib/db/client';
import { handle, json } from '@/lib/http/respond';
import { parseJsonBody, parseWith } from '@/lib/http/validation';
import { assertSameOrigin } from '@/lib/http/origin';
import { notFound } from '@/lib/http/errors';
import { requireUser } from '@/lib/auth/session';
import { can } from '@/lib/permissions/can';
import { DraftFieldsSchema } from '@/lib/validation/drafts';
import { FundraiserIdSchema } from '@/lib/validation/fundraisers';
import { draftView, updateDraft } from '@/lib/fundraisers/drafts';

export const dynamic = 'force-dynamic';

type Ctx = { params: Promise<{ id: string }> };
const PRIVATE = { headers: { 'Cache-Control': 'private, no-store' } };

// spec 7: GET a campaign or draft for its creator, owner, manager or a reviewer (404 to anyone else)
export const GET = handle(async (request, { params }: Ctx) => {
  const { id } = parseWith(z.object({ id: FundraiserIdSchema }), await params);
  const db = await getDb();
  const user = await requireUser(db, request);
  if (!(await can(db, user, 'fundraiser.view', { kind: 'fundraiser', id }))) throw notFound('Draft not found');
  return json({ data: await draftView(db, id, { withMedia: true }) }, PRIVATE);
});

// each wizard step saves what it has (every field optional, each checked)
export const PUT = handle(async (request, { params }: Ctx) => {
  assertSameOrigin(request);
  const { id } = parseWith(z.object({ id: FundraiserIdSchema }), await params);
  const db = await getDb();
  const user = await requireUser(db, request);
  const fields = await parseJsonBody(DraftFieldsSchema, request);
  return json({ data: await updateDraft(db, user, id, fields) }, PRIVATE);
});
