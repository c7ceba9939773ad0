import { z } from 'zod';
import { getDb } from '@/lib/db/client';
import { handle, json } from '@/lib/http/respond';
import { parseWith } from '@/lib/http/validation';
import { assertSameOrigin } from '@/lib/http/origin';
import { requireUser } from '@/lib/auth/session';
import { FundraiserIdSchema } from '@/lib/validation/fundraisers';
import { confirmHospital } from '@/lib/fundraisers/proof';

export const dynamic = 'force-dynamic';

// issue 31.1: a reviewer confirms the hospital a campaigner entered by hand; it joins the public list
export const POST = handle(async (request, { params }: { params: Promise<{ id: string }> }) => {
  assertSameOrigin(request);
  const { id } = parseWith(z.object({ id: FundraiserIdSchema }), await params);
  const db = await getDb();
  const user = await requireUser(db, request);
  return json({ data: await confirmHospital(db, user, id) }, { headers: { 'Cache-Control': 'private, no-store' } });
});
