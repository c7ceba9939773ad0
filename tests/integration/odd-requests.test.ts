// Odd requests to our server (server/node-server.ts, composed as server/serve.ts composes it: the
// client address stamped, the fast lane, then Next). Next's middleware headers (x-middleware-rewrite: the internal
// host-in-path rewrite, echoing the whole query string) never reach a client; a request whose body stops half-way is
// answered 408 and closed after REQUEST_BODY_TIMEOUT_MS instead of being held for Node's 5 minutes, on Next's path and
// the fast lane alike; the AMP story is framed by no site, as the story page itself.
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { GET as amp } from '@/app/amp/[type]/[id]/route';
import { FAST_ROUTES } from '@/server/fast-lane-routes';
import { fastLane } from '@/server/fast-lane';
import { createProductServer, RECEIVE_LIMITS } from '@/server/node-server';
import { stampClientAddress, trustProxyFrom } from '@/lib/http/client-address';
import { REQUEST_BODY_TIMEOUT_MS, REQUEST_HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_CHECK_MS } from '@/lib/constants/security/limits';
import { KEEPALIVE_TIMEOUT_MS } from '@/lib/constants/server';
import { call, closeDb } from '../helpers/db';
import { freshDb, makeFundraiser } from '../factories';

// outside a Next server there is no incremental cache: the AMP route's cached read goes straight to the database
jest.mock('next/cache', () => ({ unstable_cache: (fn: unknown) => fn }));

const LONG_QUERY = `q=${'a'.repeat(12_000)}`;
// the product's limits scaled down to seconds: the same Node mechanism answers 408, in 3 s rather than 60
const LIMITS = { requestTimeout: 3_000, headersTimeout: 2_000, connectionsCheckingInterval: 250, keepAliveTimeout: RECEIVE_LIMITS.keepAliveTimeout };
let fundraiserId: number;
let server: http.Server;
let port = 0;
// what Next's router does with a page its middleware rewrote (next/dist/server/lib/router-utils/resolve-routes.js):
// the middleware's headers go on the answer, some set before Next writes its head, some in writeHead itself
const nextStandIn: http.RequestListener = (req, res) => {
  const rewrite = `/localhost%3A3000/en${req.url}`;
  if (req.url?.startsWith('/object')) {
    res.setHeader('x-middleware-rewrite', rewrite);
    res.writeHead(200, { 'content-type': 'text/html', 'X-Middleware-Next': '1', 'x-nextjs-cache': 'HIT' });
    return res.end('<p>page</p>');
  }
  if (req.url?.startsWith('/flat')) {
    res.writeHead(200, ['content-type', 'text/html', 'x-middleware-rewrite', rewrite, 'x-middleware-set-cookie', 'a=1']);
    return res.end('<p>page</p>');
  }
  if (req.url?.startsWith('/implicit')) {
    res.setHeader('x-middleware-rewrite', rewrite);
    res.setHeader('content-type', 'text/html');
    return res.end('<p>page</p>');
  }
  // an API route that reads its body, as Next does before a handler sees it
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ bytes: Buffer.concat(chunks).length }));
  });
};

beforeAll(async () => {
  const db = await freshDb();
  fundraiserId = (await makeFundraiser(db)).id;
  const trust = trustProxyFrom(undefined);
  server = createProductServer((req, res) => {
    stampClientAddress(req, trust);
    if (lane(req, res)) return;
    nextStandIn(req, res);
  }, LIMITS);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  const lane = fastLane(FAST_ROUTES, async () => {}, { hostname: '0.0.0.0', port, headers: {} });
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await closeDb();
});

const get = (path: string) =>
  new Promise<http.IncomingMessage>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path }, (res) => {
        res.resume();
        res.on('end', () => resolve(res));
      })
      .on('error', reject);
  });

describe('odd requests', () => {
  it('no x-middleware-* header reaches a client, however the answer writes its headers, and with a long query', async () => {
    for (const path of [`/object?${LONG_QUERY}`, `/flat?${LONG_QUERY}`, `/implicit?${LONG_QUERY}`]) {
      const res = await get(path);
      expect(res.statusCode).toBe(200);
      expect(Object.keys(res.headers).filter((h) => h.startsWith('x-middleware-'))).toEqual([]);
      expect(JSON.stringify(res.headers)).not.toContain('localhost%3A3000');
      expect(res.headers['content-type']).toBe('text/html');
    }
    // what the client may see stays
    expect((await get('/object')).headers['x-nextjs-cache']).toBe('HIT');
  });

  it(
    'a body that stops half-way is answered 408 and closed within the set time, on Next\'s path and the fast lane',
    async () => {
      const halfSent = (path: string) =>
        new Promise<{ answer: string; ms: number }>((resolve, reject) => {
          const started = performance.now();
          const socket = net.connect(port, '127.0.0.1', () => {
            const body = '{"donated_amount":500,"currency":"INR"';
            socket.write(`POST ${path} HTTP/1.1\r\nhost: localhost:${port}\r\ncontent-type: application/json\r\ncontent-length: ${body.length * 2}\r\n\r\n${body}`);
          });
          let answer = '';
          socket.on('data', (c: Buffer) => (answer += c.toString('latin1')));
          socket.on('close', () => resolve({ answer, ms: performance.now() - started }));
          socket.on('error', reject);
        });
      const [next, lane] = await Promise.all([halfSent('/api/leads'), halfSent(`/api/fundraisers/${fundraiserId}/cart`)]);
      for (const { answer, ms } of [next, lane]) {
        expect(answer).toMatch(/^HTTP\/1\.1 408 /);
        expect(ms).toBeGreaterThanOrEqual(LIMITS.requestTimeout - 1_000);
        expect(ms).toBeLessThan(LIMITS.requestTimeout + 2 * LIMITS.connectionsCheckingInterval + 2_000);
      }
      // a whole body, sent at once, is answered as always
      const whole = await new Promise<number>((resolve, reject) => {
        const req = http.request({ host: '127.0.0.1', port, path: '/api/leads', method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.end('{"name":"x"}');
      });
      expect(whole).toBe(200);
    },
    LIMITS.requestTimeout + 30_000,
  );

  it('the product server holds a request for at most REQUEST_BODY_TIMEOUT_MS (60 s), its headers for REQUEST_HEADERS_TIMEOUT_MS', () => {
    expect(RECEIVE_LIMITS).toEqual({ requestTimeout: REQUEST_BODY_TIMEOUT_MS, headersTimeout: REQUEST_HEADERS_TIMEOUT_MS, connectionsCheckingInterval: REQUEST_TIMEOUT_CHECK_MS, keepAliveTimeout: KEEPALIVE_TIMEOUT_MS });
    const product = createProductServer(() => {});
    expect(product.requestTimeout).toBe(REQUEST_BODY_TIMEOUT_MS);
    expect(product.headersTimeout).toBe(REQUEST_HEADERS_TIMEOUT_MS);
  });

  it('the AMP story sends the story page\'s framing policy: framed by no site', async () => {
    const { status, headers } = await call(amp, `/amp/stories/${fundraiserId}`, { type: 'stories', id: String(fundraiserId) });
    expect(status).toBe(200);
    expect(headers.get('x-frame-options')).toBe('DENY');
    expect(headers.get('content-security-policy')).toBe("frame-ancestors 'none'");
  });
});
