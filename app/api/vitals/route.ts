import { route } from '@/lib/api/route';
import { WEB_VITALS_LIMIT_PER_IP } from '@/lib/constants/security/limits';
import { rateLimited } from '@/lib/http/errors';
import { recordWebVitals } from '@/lib/observability/web-vitals';
import { keepVitalSamples } from '@/lib/transparency/vitals';
import { clientIp, hitRateLimit } from '@/lib/security/rate-limit';
import { WebVitalsBeaconSchema } from '@/lib/validation/web-vitals';

export const dynamic = 'force-dynamic';

// a visitor's browser sends its page's web-vitals here (a beacon from our own pages); they are only counted
export const POST = route({ who: 'anyone', body: WebVitalsBeaconSchema }, async ({ db, request, body }) => {
  if (!(await hitRateLimit(db, `vitals:ip:${clientIp(request)}`, WEB_VITALS_LIMIT_PER_IP)).allowed) throw rateLimited();
  recordWebVitals(body);
  // and kept for the transparency page's field percentiles
  await keepVitalSamples(db, body);
  return new Response(null, { status: 204 });
});
