import { z } from 'zod';
import { getDb } from '@/lib/db/client';
import { handle, json } from '@/lib/http/respond';
import { parseJsonBody, parseWith } from '@/lib/http/validation';
import { assertSameOrigin } from '@/lib/http/origin';
import { receiveLeadUpdate } from '@/lib/leads/receive';

export const dynamic = 'force-dynamic';

const LeadIdSchema = z.object({ id: z.coerce.number().int().positive() });

// spec 7: PUT lead update (params signup_access, showError): whoever sent it (account, or the signed-out sender's
// lead_token) or a reviewer; 404 to anyone else
export const PUT = handle(async (request, { params }: { params: Promise<{ id: string }> }) => {
  assertSameOrigin(request);
  const { id } = parseWith(LeadIdSchema, await params);
  const body = await parseJsonBody(z.unknown(), request);
  return json({ data: await receiveLeadUpdate(await getDb(), request, id, body) });
});
