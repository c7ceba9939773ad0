import { json } from '@/lib/http/respond';
import { clientIp } from '@/lib/security/rate-limit';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// spec 7 "client IP": the address our server worked out from the socket and TRUST_PROXY (never a raw X-Forwarded-For);
// null when no server of ours stamped one (rate-limit.ts's shared 'unknown' bucket)
export const GET = route({ who: 'anyone', database: false }, async ({ request }) => {
  const ip = clientIp(request);
  return json({ data: { ip: ip === 'unknown' ? null : ip } }, { headers: { 'cache-control': 'private, no-store' } });
});
