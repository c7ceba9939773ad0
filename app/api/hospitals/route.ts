import { z } from 'zod';
import { json } from '@/lib/http/respond';
import { hospitalList } from '@/lib/fundraisers/lists';
import { REFERENCE_LIST_CACHE } from '@/lib/constants/cache';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// spec 7: the wizard's hospitals picker, searched with ?q=
export const GET = route({ who: 'anyone', query: z.object({ q: z.string().trim().max(100).optional() }) }, async ({ db, query: { q } }) => {
  return json({ data: await hospitalList(db, q || undefined) }, { headers: { 'Cache-Control': REFERENCE_LIST_CACHE } });
});
