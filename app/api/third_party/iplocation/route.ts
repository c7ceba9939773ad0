import { json } from '@/lib/http/respond';
import { locationFromHeaders } from '@/lib/payments/options';
import { route, CACHE } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// spec 7/8: the visitor's location from the edge's country header; Mumbai, India when unknown
export const GET = route({ who: 'anyone', database: false, cache: CACHE.private }, async ({ request }) => json({ data: locationFromHeaders(request.headers) }));
