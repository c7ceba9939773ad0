import { readiness } from '@/lib/observability/readiness';
import { CACHE, route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// whether a proxy should send this process requests: 503 names what is missing (draining, the bus, the database)
export const GET = route({ who: 'anyone', database: false, cache: CACHE.noStore }, async () => {
  const r = await readiness();
  return Response.json({ status: r.ready ? 'ready' : 'not_ready', draining: r.draining, bus: r.bus, database: r.database }, { status: r.ready ? 200 : 503 });
});
