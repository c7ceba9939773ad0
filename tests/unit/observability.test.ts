// Logs and metrics without a database: the request id our server stamps (and when it takes a proxy's), the id on every
// log line of a request, secret fields redacted, /metrics behind its token, web-vitals validated and aggregated.
import { capturedLogLines, capturedOutput, logMark } from '../helpers/captured-logs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { stampClientAddress, trustProxyFrom, type TrustProxy } from '@/lib/http/client-address';
import { stampRequestId } from '@/lib/http/request-id';
import { log, withRequestId } from '@/lib/observability/log';
import { metrics, pageKind, routeLabel, scrapeAccess } from '@/lib/observability/metrics';
import { recordWebVitals } from '@/lib/observability/web-vitals';
import { WebVitalsBeaconSchema } from '@/lib/validation/web-vitals';
import { REQUEST_ID_HEADER } from '@/lib/constants/observability';

// a server composed as server/serve.ts composes it: the client address and the request id stamped, then the handler
// runs under the id (a handler of ours logging one line)
async function serverTrusting(trust: TrustProxy): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    const requestId = stampRequestId(req, res, trust);
    stampClientAddress(req, trust);
    withRequestId(requestId, () => {
      setTimeout(() => {
        log.info({ path: req.url }, 'answered a page');
        res.end('ok');
      }, 1);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((r) => server.close(() => r())) };
}

describe('request ids', () => {
  it('puts a fresh id on the answer and on every log line of the request, never a client\'s own id', async () => {
    const site = await serverTrusting(trustProxyFrom(undefined));
    try {
      const mark = logMark();
      const answer = await fetch(`${site.url}/stories/a`, { headers: { [REQUEST_ID_HEADER]: 'forged-by-a-client' } });
      const id = answer.headers.get(REQUEST_ID_HEADER);
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      const line = capturedLogLines(mark).find((l) => l.msg === 'answered a page');
      expect(line).toMatchObject({ request_id: id, path: '/stories/a' });
      expect(capturedOutput(mark)).not.toContain('forged-by-a-client');
    } finally {
      await site.close();
    }
  });

  it("takes a trusted proxy's id, unless it is not shaped like one", async () => {
    const site = await serverTrusting(trustProxyFrom('loopback'));
    try {
      const mark = logMark();
      const kept = await fetch(site.url, { headers: { [REQUEST_ID_HEADER]: 'nginx-5f2c.77' } });
      expect(kept.headers.get(REQUEST_ID_HEADER)).toBe('nginx-5f2c.77');
      expect(capturedLogLines(mark).some((l) => l.request_id === 'nginx-5f2c.77')).toBe(true);
      const odd = await fetch(site.url, { headers: { [REQUEST_ID_HEADER]: 'a b"}{' } });
      expect(odd.headers.get(REQUEST_ID_HEADER)).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await site.close();
    }
  });
});

describe('redaction', () => {
  it('writes no password, token, one-time code, PAN, card number or cookie, however deep in a line', () => {
    const mark = logMark();
    log.info({ password: 'Sahyog@2026', body: { otp: '482913', pan: 'ABCDE1234F', cardNumber: '4111111111111111', cvv: '123' }, headers: { cookie: 'u_auth=sealed-session', authorization: 'Bearer tok_live_9' }, token: 'reset-token-1' }, 'a sign-in');
    const out = capturedOutput(mark);
    expect(out).toContain('a sign-in');
    for (const secret of ['Sahyog@2026', '482913', 'ABCDE1234F', '4111111111111111', 'sealed-session', 'tok_live_9', 'reset-token-1']) expect(out).not.toContain(secret);
  });
});

describe('metrics', () => {
  it('answers a scrape only to the bearer of METRICS_TOKEN: absent (404) when unset, refused (401) on a wrong one', () => {
    const token = 'metrics-token-0123456789';
    expect(scrapeAccess(`Bearer ${token}`, undefined)).toBe('absent');
    expect(scrapeAccess(null, token)).toBe('refused');
    expect(scrapeAccess('Bearer metrics-token-012345678X', token)).toBe('refused');
    expect(scrapeAccess(token, token)).toBe('refused');
    expect(scrapeAccess(`Bearer ${token}`, token)).toBe('allowed');
  });

  it('labels requests by route pattern and page kind, never by raw URL', () => {
    expect(routeLabel('/api/fundraisers/8123/cart?x=1', 200)).toBe('/api/fundraisers/:id/cart');
    expect(routeLabel('/api/payment/webhook/sandbox', 200)).toBe('/api/payment/webhook/sandbox');
    expect(routeLabel('/hi/stories/help-asha-walk', 200)).toBe('page:story');
    expect(routeLabel('/new/payment?ct=a&id=3', 200)).toBe('page:payment');
    expect(routeLabel('/', 200)).toBe('page:home');
    expect(routeLabel('/anything/made/up', 404)).toBe('not_found');
    expect(routeLabel('/_next/static/chunks/a1.js', 200)).toBe('/_next');
    expect(pageKind('/ta')).toBe('home');
  });
});

describe('web-vitals', () => {
  it('takes the five metrics within range and refuses the rest', () => {
    expect(WebVitalsBeaconSchema.safeParse({ path: '/stories/a', metrics: [{ name: 'LCP', value: 1800 }, { name: 'CLS', value: 0.02 }] }).success).toBe(true);
    expect(WebVitalsBeaconSchema.safeParse({ path: '/stories/a', metrics: [{ name: 'FID', value: 10 }] }).success).toBe(false);
    expect(WebVitalsBeaconSchema.safeParse({ path: '/stories/a', metrics: [{ name: 'LCP', value: -1 }] }).success).toBe(false);
    expect(WebVitalsBeaconSchema.safeParse({ path: '/stories/a', metrics: [{ name: 'CLS', value: 1e6 }] }).success).toBe(false);
    expect(WebVitalsBeaconSchema.safeParse({ path: 'https://elsewhere/', metrics: [{ name: 'LCP', value: 1 }] }).success).toBe(false);
    expect(WebVitalsBeaconSchema.safeParse({ path: '/', metrics: [] }).success).toBe(false);
  });

  it('aggregates beacons into histograms by page kind', async () => {
    const count = async (name: string, labels: Record<string, string>) => {
      const values = (await metrics.registry.getSingleMetric(name)!.get()).values;
      return values.find((v) => (v as { metricName?: string }).metricName?.endsWith('_count') && Object.entries(labels).every(([k, x]) => v.labels[k] === x))?.value ?? 0;
    };
    const lcpBefore = await count('sahyog_web_vitals_ms', { name: 'LCP', page: 'story' });
    const clsBefore = await count('sahyog_web_vitals_cls', { page: 'payment' });
    recordWebVitals({ path: '/hi/stories/help-asha-walk', metrics: [{ name: 'LCP', value: 2100 }] });
    recordWebVitals({ path: '/stories/other', metrics: [{ name: 'LCP', value: 900 }] });
    recordWebVitals({ path: '/new/payment?ct=a', metrics: [{ name: 'CLS', value: 0.3 }] });
    expect(await count('sahyog_web_vitals_ms', { name: 'LCP', page: 'story' })).toBe(lcpBefore + 2);
    expect(await count('sahyog_web_vitals_cls', { page: 'payment' })).toBe(clsBefore + 1);
    expect(await metrics.registry.metrics()).not.toContain('help-asha-walk');
  });
});
