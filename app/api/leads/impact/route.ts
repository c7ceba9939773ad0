import { z } from 'zod';
import { getDb } from '@/lib/db/client';
import { handle, json } from '@/lib/http/respond';
import { parseJsonBody } from '@/lib/http/validation';
import { assertSameOrigin } from '@/lib/http/origin';
import { IMPACT_LEAD, receiveLead } from '@/lib/leads/receive';

export const dynamic = 'force-dynamic';

// spec 7: POST impact-page lead; params signup_access, showError
export const POST = handle(async (request) => {
  assertSameOrigin(request);
  const body = await parseJsonBody(z.unknown(), request);
  return json({ data: await receiveLead(await getDb(), request, body, IMPACT_LEAD) }, { status: 201 });
});
