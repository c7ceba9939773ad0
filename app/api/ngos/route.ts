import { getDb } from '@/lib/db/client';
import { handle, json } from '@/lib/http/respond';
import { parseQuery } from '@/lib/http/validation';
import { ngoList } from '@/lib/fundraisers/lists';
import { NgoQuerySchema } from '@/lib/validation/listings';
import { REFERENCE_LIST_CACHE } from '@/lib/constants';

export const dynamic = 'force-dynamic';

// spec 7: the wizard's ngos picker, searched with ?fname=, and the NGOs of an event with ?event_id=
export const GET = handle(async (request) => {
  const { fname, event_id } = parseQuery(NgoQuerySchema, request.url);
  return json({ data: await ngoList(await getDb(), fname || undefined, event_id) }, { headers: { 'Cache-Control': REFERENCE_LIST_CACHE } });
});
