import { getDb } from '@/lib/db/client';
import { handle, json } from '@/lib/http/respond';
import { parseQuery } from '@/lib/http/validation';
import { SystemEventCountsQuerySchema } from '@/lib/validation/account-utilities';
import { systemEventCounts } from '@/lib/story/event-counts';
import { SYSTEM_EVENT_COUNTS_CACHE_MS } from '@/lib/constants';

export const dynamic = 'force-dynamic';

// spec 7 "system event via core api": counts per event name about one entity (?entity_id=&event_type=&event_name=a,b)
export const GET = handle(async (request) => {
  const query = parseQuery(SystemEventCountsQuerySchema, request.url);
  return json({ data: await systemEventCounts(await getDb(), query) }, { headers: { 'cache-control': `public, max-age=${SYSTEM_EVENT_COUNTS_CACHE_MS / 1000}` } });
});
