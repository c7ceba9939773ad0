import { CACHE, route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// the process runs and answers: nothing else is asked (a proxy restarts a process that stops answering this)
export const GET = route({ who: 'anyone', database: false, cache: CACHE.noStore }, async () => Response.json({ status: 'live' }));
