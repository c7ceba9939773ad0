import { z } from 'zod';
import { getDb } from '@/lib/db/client';
import { handle, json } from '@/lib/http/respond';
import { parseJsonBody, parseWith } from '@/lib/http/validation';
import { assertSameOrigin } from '@/lib/http/origin';
import { requireUser } from '@/lib/auth/session';
import { FundraiserIdSchema } from '@/lib/validation/fundraisers';
import { EditSupportingSchema } from '@/lib/validation/supporting';
import { editSupportingFundraiser } from '@/lib/fundraisers/supporting';

export const dynamic = 'force-dynamic';

type Ctx = { params: Promise<{ id: string; supportId: string }> };

// spec 7 "PUT edit supporting fundraiser": its owner only
export const PUT = handle(async (request, { params }: Ctx) => {
  assertSameOrigin(request);
  const { id, supportId } = parseWith(z.object({ id: FundraiserIdSchema, supportId: FundraiserIdSchema }), await params);
  const db = await getDb();
  const user = await requireUser(db, request);
  const input = await parseJsonBody(EditSupportingSchema, request);
  return json({ data: await editSupportingFundraiser(db, user, id, supportId, input) });
});
