import { json } from '@/lib/http/respond';
import { SystemEventCountsQuerySchema } from '@/lib/validation/account-utilities';
import { systemEventCounts } from '@/lib/story/event-counts';
import { SYSTEM_EVENT_COUNTS_CACHE_MS } from '@/lib/constants/story';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// spec 7 "system event via core api": counts per event name about one entity (?entity_id=&event_type=&event_name=a,b)
export const GET = route({ who: 'anyone', query: SystemEventCountsQuerySchema }, async ({ db, query }) => {
  return json({ data: await systemEventCounts(db, query) }, { headers: { 'cache-control': `public, max-age=${SYSTEM_EVENT_COUNTS_CACHE_MS / 1000}` } });
});
