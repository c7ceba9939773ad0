import { z } from 'zod';
import { getDb } from '@/lib/db/client';
import { handle, json } from '@/lib/http/respond';
import { parseWith } from '@/lib/http/validation';
import { causesOfNgo } from '@/lib/fundraisers/lists';
import { REFERENCE_LIST_CACHE, MAX_ROW_ID } from '@/lib/constants';

export const dynamic = 'force-dynamic';

// spec 7: causes by NGO
export const GET = handle(async (_request, { params }: { params: Promise<{ entityId: string }> }) => {
  const { entityId } = parseWith(z.object({ entityId: z.coerce.number().int().positive().max(MAX_ROW_ID) }), await params);
  return json({ data: await causesOfNgo(await getDb(), entityId) }, { headers: { 'Cache-Control': REFERENCE_LIST_CACHE } });
});
