import { json } from '@/lib/http/respond';
import { ngoList } from '@/lib/fundraisers/lists';
import { NgoQuerySchema } from '@/lib/validation/listings';
import { REFERENCE_LIST_CACHE } from '@/lib/constants/cache';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// spec 7: the wizard's ngos picker, searched with ?fname=, and the NGOs of an event with ?event_id=
export const GET = route({ who: 'anyone', query: NgoQuerySchema }, async ({ db, query: { fname, event_id } }) => {
  return json({ data: await ngoList(db, fname || undefined, event_id) }, { headers: { 'Cache-Control': REFERENCE_LIST_CACHE } });
});
