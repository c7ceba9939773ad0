import { z } from 'zod';
import { getDb } from '@/lib/db/client';
import { handle, json } from '@/lib/http/respond';
import { parseQuery } from '@/lib/http/validation';
import { hospitalList } from '@/lib/fundraisers/lists';
import { REFERENCE_LIST_CACHE } from '@/lib/constants';

export const dynamic = 'force-dynamic';

// spec 7: the wizard's hospitals picker, searched with ?q=
export const GET = handle(async (request) => {
  const { q } = parseQuery(z.object({ q: z.string().trim().max(100).optional() }), request.url);
  return json({ data: await hospitalList(await getDb(), q || undefined) }, { headers: { 'Cache-Control': REFERENCE_LIST_CACHE } });
});
