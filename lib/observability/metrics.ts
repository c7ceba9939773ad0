// Prometheus metrics, one registry per process (shared through globalThis: Next's bundles and our server load lib/
// separately, and a scrape must see what both counted). Labels are bounded: route patterns and kinds, never raw URLs.
import { timingSafeEqual } from 'node:crypto';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { CACHE_BUS_LAG_BUCKETS, HTTP_DURATION_BUCKETS, WEB_VITAL_CLS_BUCKETS, WEB_VITAL_MS_BUCKETS } from '../constants/observability';
import { LOCALES } from '../i18n/locales';
import { poolUsage } from '../db/client';

function makeMetrics() {
  const registry = new Registry();
  const registers = [registry];
  return {
    registry,
    httpDuration: new Histogram({ name: 'sahyog_http_request_duration_seconds', help: 'Time to answer a request, by route pattern and status class', labelNames: ['method', 'route', 'status'], buckets: HTTP_DURATION_BUCKETS, registers }),
    donations: new Counter({ name: 'sahyog_donations_total', help: 'Orders that settled (paid) or failed', labelNames: ['result'], registers }),
    webhooks: new Counter({ name: 'sahyog_webhooks_total', help: "Gateways' webhooks, by gateway and what became of them", labelNames: ['gateway', 'result'], registers }),
    jobRuns: new Counter({ name: 'sahyog_job_runs_total', help: 'Job runs, by job name', labelNames: ['job'], registers }),
    jobFailures: new Counter({ name: 'sahyog_job_failures_total', help: 'Job runs that threw, by job name', labelNames: ['job'], registers }),
    busLag: new Histogram({ name: 'sahyog_cache_bus_lag_seconds', help: "From another process (or the database's trigger) announcing a change to this one hearing it (their clock against ours)", buckets: CACHE_BUS_LAG_BUCKETS, registers }),
    webVitalsMs: new Histogram({ name: 'sahyog_web_vitals_ms', help: "Visitors' LCP, INP, FCP and TTFB in milliseconds, by page kind", labelNames: ['name', 'page'], buckets: WEB_VITAL_MS_BUCKETS, registers }),
    webVitalsCls: new Histogram({ name: 'sahyog_web_vitals_cls', help: "Visitors' cumulative layout shift, by page kind", labelNames: ['page'], buckets: WEB_VITAL_CLS_BUCKETS, registers }),
    pool: new Gauge({
      name: 'sahyog_db_pool_connections',
      help: "PostgreSQL pool connections: total, idle, and requests waiting for one (absent on the embedded database)",
      labelNames: ['state'],
      registers,
      async collect() {
        const usage = await poolUsage();
        if (!usage) return;
        this.set({ state: 'total' }, usage.total);
        this.set({ state: 'idle' }, usage.idle);
        this.set({ state: 'waiting' }, usage.waiting);
      },
    }),
  };
}

const METRICS_KEY = Symbol.for('sahyog.metrics');
type WithMetrics = typeof globalThis & { [METRICS_KEY]?: ReturnType<typeof makeMetrics> };
export const metrics = ((globalThis as WithMetrics)[METRICS_KEY] ??= makeMetrics());

const LOCALE_PREFIX = new RegExp(`^/(?:${LOCALES.join('|')})(?=/|$)`);
// a path segment that names one row (an id, a uuid, a token): counted under one label
const ROW_SEGMENT = /^(?:\d+|[0-9a-f-]{16,}|[A-Za-z0-9_-]{24,})$/i;
const API_DEPTH = 4;

/** The kind of page a path is, for web-vitals and the pages' request durations. */
export function pageKind(pathname: string): 'story' | 'payment' | 'home' | 'other' {
  const path = pathname.replace(LOCALE_PREFIX, '') || '/';
  if (path === '/') return 'home';
  if (path.startsWith('/stories/')) return 'story';
  if (path === '/new/payment' || path.startsWith('/new/payment/')) return 'payment';
  return 'other';
}

/** A bounded label for a request: /api/... with row segments as :id (404s as one label), pages by kind, assets as one. */
export function routeLabel(url: string, status: number): string {
  const pathname = url.split('?', 1)[0];
  if (pathname.startsWith('/_next/')) return '/_next';
  if (status === 404) return 'not_found';
  if (pathname.startsWith('/api/')) {
    const segments = pathname.split('/').slice(2, 2 + API_DEPTH).map((s) => (ROW_SEGMENT.test(s) ? ':id' : s));
    return `/api/${segments.join('/')}`;
  }
  if (pathname === '/metrics') return '/metrics';
  return `page:${pageKind(pathname)}`;
}

/** Counts one answered request; called by our server when the answer is finished. */
export function observeRequest(method: string, url: string, status: number, seconds: number): void {
  metrics.httpDuration.observe({ method, route: routeLabel(url, status), status: `${Math.floor(status / 100)}xx` }, seconds);
}

/** Who may scrape: nobody when METRICS_TOKEN is unset (the route is not there), else the bearer of that token. */
export function scrapeAccess(authorization: string | null, token: string | undefined): 'allowed' | 'absent' | 'refused' {
  if (!token) return 'absent';
  const given = Buffer.from(authorization?.startsWith('Bearer ') ? authorization.slice('Bearer '.length) : '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected) ? 'allowed' : 'refused';
}
