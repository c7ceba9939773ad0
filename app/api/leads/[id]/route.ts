import { z } from 'zod';
import { getDb } from '@/lib/db/client';
import { handle, json } from '@/lib/http/respond';
import { parseJsonBody, parseQuery, parseWith } from '@/lib/http/validation';
import { assertSameOrigin } from '@/lib/http/origin';
import { requireUser } from '@/lib/auth/session';
import { LeadCallParamsSchema, LeadUpdateSchema } from '@/lib/validation/lead';
import { updateLead } from '@/lib/leads/service';

export const dynamic = 'force-dynamic';

const LeadIdSchema = z.object({ id: z.coerce.number().int().positive() });

// spec 7: PUT lead update (params signup_access, showError): its creator or a reviewer; 404 to anyone else
export const PUT = handle(async (request, { params }: { params: Promise<{ id: string }> }) => {
  assertSameOrigin(request);
  const { id } = parseWith(LeadIdSchema, await params);
  const { signup_access } = parseQuery(LeadCallParamsSchema, request.url);
  const input = await parseJsonBody(LeadUpdateSchema, request);
  const db = await getDb();
  const user = await requireUser(db, request);
  return json({ data: await updateLead(db, user, id, input, { signupAccess: signup_access ?? false }) });
});
