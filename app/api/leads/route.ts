import { getDb } from '@/lib/db/client';
import { handle, json } from '@/lib/http/respond';
import { parseJsonBody } from '@/lib/http/validation';
import { ContactLeadSchema } from '@/lib/validation/lead';
import { createContactLead } from '@/lib/leads/service';
import { clientIp, hitRateLimit } from '@/lib/security/rate-limit';
import { rateLimited } from '@/lib/http/errors';
import { assertSameOrigin } from '@/lib/http/origin';
import { LEAD_LIMIT } from '@/lib/constants';

export const dynamic = 'force-dynamic';

// spec 7: POST lead (the contact-us form)
export const POST = handle(async (request) => {
  assertSameOrigin(request);
  const lead = await parseJsonBody(ContactLeadSchema, request);
  const db = await getDb();
  if (!(await hitRateLimit(db, `lead:${clientIp(request)}`, LEAD_LIMIT)).allowed) throw rateLimited('Too many messages, please try again later');
  const row = await createContactLead(db, lead, null);
  return json({ data: { id: row.id } }, { status: 201 });
});
