import { z } from 'zod';
import { getDb } from '@/lib/db/client';
import { handle, json } from '@/lib/http/respond';
import { parseWith } from '@/lib/http/validation';
import { requireUser } from '@/lib/auth/session';
import { PolicyIdSchema } from '@/lib/validation/insurance';
import { ownPolicy, policyView } from '@/lib/insurance/policies';

export const dynamic = 'force-dynamic';

// spec 7: GET insurance/{id}: the owner's policy; another user's is a 404, not a 403, so policy ids cannot be probed
export const GET = handle(async (request, { params }: { params: Promise<{ id: string }> }) => {
  const db = await getDb();
  const user = await requireUser(db, request);
  const { id } = parseWith(z.object({ id: PolicyIdSchema }), await params);
  return json({ data: policyView(await ownPolicy(db, user, id)) }, { headers: { 'Cache-Control': 'private, no-store' } });
});
