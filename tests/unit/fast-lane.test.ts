// The server's fast lane hands a donation's API writes to their handlers without Next's router. These
// run a real HTTP server composed as server/serve.ts composes it (client address stamped, then the lane), with
// handlers that say what they were given.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fastLane, matchFastRoute, type FastRoute, type RouteHandler } from '@/server/fast-lane';
import { stampClientAddress, trustProxyFrom } from '@/lib/http/client-address';
import { expireTags } from '@/lib/cache/invalidate';
import { installMicroCache, MicroCache, processMicroCache } from '@/server/micro-cache';
import { JSON_BODY_MAX_BYTES } from '@/lib/constants/security/limits';
import { CLIENT_ADDRESS_HEADER } from '@/lib/constants/server';
import { nextTagExpiry } from '@/server/next-tags';

const echo: RouteHandler = async (request, { params }) => {
  const headers = Object.fromEntries(request.headers);
  return Response.json({ url: request.url, method: request.method, params: await params, headers, body: await request.text() }, { status: 201, headers: { 'cache-control': 'no-store' } });
};

const routes: FastRoute[] = [
  { method: 'POST', path: /^\/api\/fundraisers\/(?<id>[^/]+)\/cart$/, load: async () => echo },
  {
    method: 'POST',
    path: /^\/api\/cookies$/,
    load: async () => async () => {
      const h = new Headers({ 'content-type': 'text/plain' });
      h.append('set-cookie', 'a=1; Path=/');
      h.append('set-cookie', 'b=2; Path=/');
      return new Response('two cookies', { headers: h });
    },
  },
  {
    method: 'POST',
    path: /^\/api\/expire$/,
    load: async () => async () => {
      await expireTags(['fundraiser:7', 'fundraisers:lists']);
      return Response.json({ ok: true });
    },
  },
  {
    method: 'POST',
    path: /^\/api\/throws$/,
    load: async () => async () => {
      throw new Error('handler broke past its envelope');
    },
  },
];

const expired: string[][] = [];
let port = 0;
let server: http.Server;
const notInLane: string[] = [];

beforeAll(async () => {
  const lane = fastLane(routes, async (tags) => void expired.push(tags), { hostname: '0.0.0.0', port: 3999, headers: { 'x-content-type-options': 'nosniff' } });
  const trust = trustProxyFrom(undefined);
  server = http.createServer((req, res) => {
    stampClientAddress(req, trust);
    if (lane(req, res)) return;
    notInLane.push(`${req.method} ${req.url}`);
    res.writeHead(404);
    res.end('to Next');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

function post(path: string, body: string | Buffer, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, method: 'POST', headers: { 'content-type': 'application/json', ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('which requests take the fast lane', () => {
  it('takes only POSTs to exactly the listed paths, with their segments decoded as Next decodes them', () => {
    expect(matchFastRoute(routes, 'POST', '/api/fundraisers/12/cart?x=1')?.params).toEqual({ id: '12' });
    expect(matchFastRoute(routes, 'POST', '/api/fundraisers/%31%32/cart')?.params).toEqual({ id: '12' });
    // a trailing or doubled slash goes to Next, which redirects it; another method, or a path that does not decode, too
    for (const [method, url] of [
      ['POST', '/api/fundraisers/12/cart/'],
      ['POST', '/api//fundraisers/12/cart'],
      ['GET', '/api/fundraisers/12/cart'],
      ['POST', '/api/fundraisers/%E0%A4/cart'],
      ['POST', '/api/fundraisers/12/cart/extra'],
    ]) {
      expect(matchFastRoute(routes, method, url)).toBeNull();
    }
  });

  it('sends everything else on to Next', async () => {
    const r = await post('/api/fundraisers/12/cart/', '{}');
    expect(r.status).toBe(404);
    expect(r.headers['x-fast-lane']).toBeUndefined();
    expect(notInLane).toContain('POST /api/fundraisers/12/cart/');
  });
});

describe('the request a handler reads', () => {
  it('is the Request Next would build: its URL on the started hostname and port, the forwarded defaults, the body as sent', async () => {
    const body = JSON.stringify({ donated_amount: 500, donor_name: 'नमस्ते दाता' });
    const r = await post('/api/fundraisers/12/cart?utm_source=x', body, { host: 'partner.localhost:3000', 'x-test': 'kept', cookie: 'checkout_access=sealed; u_auth=session' });
    expect(r.status).toBe(201);
    expect(r.headers['x-fast-lane']).toBe('1');
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['cache-control']).toBe('no-store');
    const seen = JSON.parse(r.text);
    expect(seen.url).toBe('http://0.0.0.0:3999/api/fundraisers/12/cart?utm_source=x');
    expect(seen.params).toEqual({ id: '12' });
    expect(seen.body).toBe(body);
    expect(seen.headers['x-test']).toBe('kept');
    // the browser's cookies: a cart's order and its send are its donor's only
    expect(seen.headers.cookie).toBe('checkout_access=sealed; u_auth=session');
    // base-server's x-forwarded-* defaults: the Host, this port, http, and the socket's address
    expect(seen.headers['x-forwarded-host']).toBe('partner.localhost:3000');
    expect(seen.headers['x-forwarded-port']).toBe('3999');
    expect(seen.headers['x-forwarded-proto']).toBe('http');
    expect(seen.headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(seen.headers[CLIENT_ADDRESS_HEADER]).toBe('127.0.0.1');
  });

  it('never carries what a client forged without a trusted proxy: the address, host and scheme are the socket and Host', async () => {
    const r = await post('/api/fundraisers/12/cart', '{}', {
      host: 'localhost:3000',
      'x-forwarded-for': '203.0.113.9',
      'x-real-ip': '203.0.113.9',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
      forwarded: 'for=203.0.113.9;host=evil.example',
      [CLIENT_ADDRESS_HEADER]: '203.0.113.9',
    });
    const seen = JSON.parse(r.text);
    expect(seen.headers[CLIENT_ADDRESS_HEADER]).toBe('127.0.0.1');
    expect(seen.headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(seen.headers['x-forwarded-host']).toBe('localhost:3000');
    expect(seen.headers['x-forwarded-proto']).toBe('http');
    expect(seen.url.startsWith('http://0.0.0.0:3999/')).toBe(true);
    expect(seen.headers['x-real-ip']).toBeUndefined();
    expect(seen.headers.forwarded).toBeUndefined();
  });

  it('refuses a body over the cap with the handlers\' own 413, declared or streamed, before the handler runs', async () => {
    const big = Buffer.alloc(JSON_BODY_MAX_BYTES + 1, 'a');
    const declared = await post('/api/fundraisers/12/cart', big);
    expect(declared.status).toBe(413);
    expect(JSON.parse(declared.text)).toEqual({ error: { code: 'payload_too_large', message: 'The request is too large' } });
    const streamed = await post('/api/fundraisers/12/cart', big, { 'transfer-encoding': 'chunked' });
    expect(streamed.status).toBe(413);
    expect(streamed.headers['x-fast-lane']).toBe('1');
  });
});

describe('the answer written back', () => {
  it('keeps every Set-Cookie of the handler', async () => {
    const r = await post('/api/cookies', '');
    expect(r.text).toBe('two cookies');
    expect(r.headers['set-cookie']).toEqual(['a=1; Path=/', 'b=2; Path=/']);
  });

  it('answers a handler that throws past its envelope with the 500 envelope', async () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => {});
    const r = await post('/api/throws', '');
    spy.mockRestore();
    expect(r.status).toBe(500);
    expect(JSON.parse(r.text).error.code).toBe('internal_error');
  });
});

describe('cache expiry outside Next', () => {
  it('hands the tags a handler expires to the lane\'s expiry before answering, and empties the micro-cache', async () => {
    const cache = installMicroCache(new MicroCache(5_000, 10, 2, 5_000));
    cache.set('k', { status: 200, headers: {}, body: Buffer.from('x'), gzip: Buffer.from('x'), storedAt: Date.now() });
    expired.length = 0;
    const r = await post('/api/expire', '');
    expect(r.status).toBe(200);
    expect(expired).toEqual([['fundraiser:7', 'fundraisers:lists']]);
    expect(processMicroCache()?.lookup('k')).toBeNull();
  });

  it('is not used by writers outside the lane (inside Next they call revalidateTag)', async () => {
    expired.length = 0;
    await expireTags(['fundraiser:8']);
    expect(expired).toEqual([]);
  });
});

describe("Next's tags, expired from outside a Next request", () => {
  it('marks them expired in the tags manifest Next checks every cached page and unstable_cache entry against', async () => {
    // the very module Next's file-system cache reads (one instance per process)
    const { areTagsExpired, tagsManifest } = jest.requireActual<typeof import('next/dist/server/lib/incremental-cache/tags-manifest.external')>('next/dist/server/lib/incremental-cache/tags-manifest.external.js');
    const expiry = nextTagExpiry();
    expect(expiry).not.toBeNull();
    const cachedAt = Date.now() - 1_000;
    expect(areTagsExpired(['fundraiser:41'], cachedAt)).toBe(false);
    await new Promise((r) => setTimeout(r, 5));
    await expiry!(['fundraiser:41', 'fundraisers:lists']);
    expect(areTagsExpired(['fundraiser:41'], cachedAt)).toBe(true);
    expect(areTagsExpired(['fundraisers:lists'], cachedAt)).toBe(true);
    // an entry cached after the expiry is fresh, and other tags are untouched
    expect(areTagsExpired(['fundraiser:41'], Date.now() + 1)).toBe(false);
    expect(areTagsExpired(['fundraiser:42'], cachedAt)).toBe(false);
    expect(tagsManifest.get('fundraiser:41')?.stale).toBeDefined();
  });
});

describe('a client that leaves', () => {
  it('leaves nothing waiting when it closes before its body ends, and the server goes on answering', async () => {
    const net = await import('node:net');
    await new Promise<void>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.write('POST /api/fundraisers/12/cart HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"partial":');
        setTimeout(() => {
          socket.destroy();
          resolve();
        }, 50);
      });
      socket.on('error', reject);
    });
    await new Promise((r) => setTimeout(r, 50));
    const r = await post('/api/fundraisers/12/cart', '{}');
    expect(r.status).toBe(201);
  });
});
