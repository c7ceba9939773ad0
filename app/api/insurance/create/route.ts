import { getDb } from '@/lib/db/client';
import { handle, json } from '@/lib/http/respond';
import { parseJsonBody } from '@/lib/http/validation';
import { assertSameOrigin } from '@/lib/http/origin';
import { rateLimited } from '@/lib/http/errors';
import { requireUser } from '@/lib/auth/session';
import { clientIp, hitRateLimit } from '@/lib/security/rate-limit';
import { CreatePolicySchema } from '@/lib/validation/insurance';
import { createPolicy, policyView } from '@/lib/insurance/policies';
import { INSURANCE_WRITE_LIMIT_PER_IP } from '@/lib/constants';

export const dynamic = 'force-dynamic';

// spec 7: POST insurance/create: a policy of the signed-in person for a plan and the person it insures, to be paid
export const POST = handle(async (request) => {
  assertSameOrigin(request);
  const db = await getDb();
  const user = await requireUser(db, request, 'Please sign in to buy a plan');
  const input = await parseJsonBody(CreatePolicySchema, request);
  if (!(await hitRateLimit(db, `insurance:ip:${clientIp(request)}`, INSURANCE_WRITE_LIMIT_PER_IP)).allowed) throw rateLimited();
  return json({ data: policyView(await createPolicy(db, user, input)) }, { status: 201, headers: { 'Cache-Control': 'private, no-store' } });
});
