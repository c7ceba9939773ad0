import { handle, json } from '@/lib/http/respond';
import { locationFromHeaders } from '@/lib/payments/options';

export const dynamic = 'force-dynamic';

// spec 7/8: the visitor's location from the edge's country header; Mumbai, India when unknown
export const GET = handle(async (request) => json({ data: locationFromHeaders(request.headers) }, { headers: { 'Cache-Control': 'private, no-store' } }));
