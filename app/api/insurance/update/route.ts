import { getDb } from '@/lib/db/client';
import { handle, json } from '@/lib/http/respond';
import { parseJsonBody } from '@/lib/http/validation';
import { assertSameOrigin } from '@/lib/http/origin';
import { rateLimited } from '@/lib/http/errors';
import { requireUser } from '@/lib/auth/session';
import { clientIp, hitRateLimit } from '@/lib/security/rate-limit';
import { UpdatePolicySchema } from '@/lib/validation/insurance';
import { policyView, updatePolicy } from '@/lib/insurance/policies';
import { INSURANCE_WRITE_LIMIT_PER_IP } from '@/lib/constants';

export const dynamic = 'force-dynamic';

// spec 7: POST insurance/update: the owner changes the plan or the insured's details while the policy is unpaid;
// anyone else's policy is a 404, as if it did not exist
export const POST = handle(async (request) => {
  assertSameOrigin(request);
  const db = await getDb();
  const user = await requireUser(db, request);
  const input = await parseJsonBody(UpdatePolicySchema, request);
  if (!(await hitRateLimit(db, `insurance:ip:${clientIp(request)}`, INSURANCE_WRITE_LIMIT_PER_IP)).allowed) throw rateLimited();
  return json({ data: policyView(await updatePolicy(db, user, input)) }, { headers: { 'Cache-Control': 'private, no-store' } });
});
