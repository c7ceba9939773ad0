import { z } from 'zod';
import { json } from '@/lib/http/respond';
import { parseWith } from '@/lib/http/validation';
import { PolicyIdSchema } from '@/lib/validation/insurance';
import { ownPolicy, policyView } from '@/lib/insurance/policies';
import { route, CACHE } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// spec 7: GET insurance/{id}: the owner's policy; another user's is a 404, not a 403, so policy ids cannot be probed
export const GET = route({ who: 'user', cache: CACHE.private }, async ({ db, user, params }) => {
  const { id } = parseWith(z.object({ id: PolicyIdSchema }), params);
  return json({ data: policyView(await ownPolicy(db, user, id)) });
});
