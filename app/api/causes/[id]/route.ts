import { z } from 'zod';
import { json } from '@/lib/http/respond';
import { childCauses, pickFields } from '@/lib/fundraisers/lists';
import { REFERENCE_LIST_CACHE } from '@/lib/constants/cache';
import { CAUSE } from '@/lib/constants/fundraisers';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

const Params = z.object({ id: z.coerce.number().refine((n) => n === CAUSE.personalMedical || n === CAUSE.ngo || n === CAUSE.creative, 'Unknown cause') });
const Query = z.object({ child: z.enum(['medical', 'all_medical', 'other']).optional(), filter: z.string().max(100).optional() });

// spec 7: causes/20 and causes/49 (child and id;info_1 filter); 48 as well, for NGO fundraisers
export const GET = route({ who: 'anyone', params: Params, query: Query }, async ({ db, query: q, params: { id } }) => {
  const rows = await childCauses(db, id, q.child);
  return json({ data: pickFields(rows, q.filter) }, { headers: { 'Cache-Control': REFERENCE_LIST_CACHE } });
});
