import { z } from 'zod';
import { getDb } from '@/lib/db/client';
import { handle, json } from '@/lib/http/respond';
import { parseQuery } from '@/lib/http/validation';
import { ngoList } from '@/lib/fundraisers/lists';
import { REFERENCE_LIST_CACHE } from '@/lib/constants';

export const dynamic = 'force-dynamic';

// spec 7: the wizard's ngos picker, searched with ?fname=
export const GET = handle(async (request) => {
  const { fname } = parseQuery(z.object({ fname: z.string().trim().max(100).optional(), event_id: z.string().max(50).optional() }), request.url);
  return json({ data: await ngoList(await getDb(), fname || undefined) }, { headers: { 'Cache-Control': REFERENCE_LIST_CACHE } });
});
