import { z } from 'zod';
import { json } from '@/lib/http/respond';
import { receiveLeadUpdate } from '@/lib/leads/receive';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

const LeadIdSchema = z.object({ id: z.coerce.number().int().positive() });

// spec 7: PUT lead update (params signup_access, showError): whoever sent it (account, or the signed-out sender's
// lead_token) or a reviewer; 404 to anyone else
export const PUT = route({ who: 'anyone', params: LeadIdSchema, body: z.unknown() }, async ({ request, db, body, params: { id } }) => {
  return json({ data: await receiveLeadUpdate(db, request, id, body) });
});
