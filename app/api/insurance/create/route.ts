import { json } from '@/lib/http/respond';
import { rateLimited } from '@/lib/http/errors';
import { clientIp, hitRateLimit } from '@/lib/security/rate-limit';
import { CreatePolicySchema } from '@/lib/validation/insurance';
import { createPolicy, policyView } from '@/lib/insurance/policies';
import { INSURANCE_WRITE_LIMIT_PER_IP } from '@/lib/constants/security/limits';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// spec 7: POST insurance/create: a policy of the signed-in person for a plan and the person it insures, to be paid
export const POST = route({ who: 'user', signInMessage: 'Please sign in to buy a plan', body: CreatePolicySchema }, async ({ request, db, user, body: input }) => {
  if (!(await hitRateLimit(db, `insurance:ip:${clientIp(request)}`, INSURANCE_WRITE_LIMIT_PER_IP)).allowed) throw rateLimited();
  return json({ data: policyView(await createPolicy(db, user, input)) }, { status: 201, headers: { 'Cache-Control': 'private, no-store' } });
});
