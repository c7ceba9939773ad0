import { z } from 'zod';
import { json } from '@/lib/http/respond';
import { causesOfNgo } from '@/lib/fundraisers/lists';
import { REFERENCE_LIST_CACHE } from '@/lib/constants/cache';
import { MAX_ROW_ID } from '@/lib/constants/ids';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// spec 7: causes by NGO
export const GET = route({ who: 'anyone', params: z.object({ entityId: z.coerce.number().int().positive().max(MAX_ROW_ID) }) }, async ({ db, params: { entityId } }) => {
  return json({ data: await causesOfNgo(db, entityId) }, { headers: { 'Cache-Control': REFERENCE_LIST_CACHE } });
});
