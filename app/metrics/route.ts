import { route } from '@/lib/api/route';
import { env } from '@/lib/env';
import { notFound, unauthenticated } from '@/lib/http/errors';
import { metrics, scrapeAccess } from '@/lib/observability/metrics';

export const dynamic = 'force-dynamic';

// Prometheus's scrape: the text format, to the bearer of METRICS_TOKEN only (a 404 when it is unset)
export const GET = route({ who: 'anyone', database: false, cache: 'no-store' }, async ({ request }) => {
  const access = scrapeAccess(request.headers.get('authorization'), env().METRICS_TOKEN);
  if (access === 'absent') throw notFound();
  if (access === 'refused') throw unauthenticated('A valid metrics token is required');
  return new Response(await metrics.registry.metrics(), { headers: { 'content-type': metrics.registry.contentType } });
});
