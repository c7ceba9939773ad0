import { json } from '@/lib/http/respond';
import { rateLimited } from '@/lib/http/errors';
import { clientIp, hitRateLimit } from '@/lib/security/rate-limit';
import { UpdatePolicySchema } from '@/lib/validation/insurance';
import { policyView, updatePolicy } from '@/lib/insurance/policies';
import { INSURANCE_WRITE_LIMIT_PER_IP } from '@/lib/constants/security/limits';
import { route, CACHE } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// spec 7: POST insurance/update: the owner changes the plan or the insured's details while the policy is unpaid;
// anyone else's policy is a 404, as if it did not exist
export const POST = route({ who: 'user', body: UpdatePolicySchema, cache: CACHE.private }, async ({ request, db, user, body: input }) => {
  if (!(await hitRateLimit(db, `insurance:ip:${clientIp(request)}`, INSURANCE_WRITE_LIMIT_PER_IP)).allowed) throw rateLimited();
  return json({ data: policyView(await updatePolicy(db, user, input)) });
});
