// A page kept by the micro-cache, answered over real HTTP by the product server: the kept headers, its own
// (encoding, length, HIT or STALE), and never one of Next's internal x-middleware-* headers.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { createProductServer } from '@/server/node-server';
import { MicroCache, microCached } from '@/server/micro-cache';

const PAGE = '<!doctype html><title>A story</title>' + 'kept '.repeat(200);

/** Next's stand-in: a cached page, with the router's internal header set one by one as Next does. */
const next: http.RequestListener = (req, res) => {
  res.setHeader('x-middleware-rewrite', '/127.0.0.1/en/about-us');
  res.setHeader('content-type', 'text/html; charset=utf-8');
  res.setHeader('x-nextjs-cache', 'HIT');
  res.end(PAGE);
};

function get(port: number, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .request({ host: '127.0.0.1', port, path: '/about-us', method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject)
      .end();
  });
}

describe('a micro-cache hit on the wire', () => {
  let server: http.Server;
  let port: number;
  let cache: MicroCache;
  beforeAll(async () => {
    let pages: http.RequestListener = next;
    server = createProductServer((req, res) => pages(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    cache = new MicroCache(60_000, 10, 2, 60_000);
    pages = microCached(cache, port, next);
  });
  afterAll(() => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('answers the kept page with its headers, gzip or plain, and no internal header, from the first visit through Next to HITs', async () => {
    const first = await get(port);
    expect(first.headers['x-micro-cache']).toBeUndefined();
    expect(first.headers['x-middleware-rewrite']).toBeUndefined();
    // the fill came back in over loopback and kept the page
    for (let i = 0; i < 50 && cache.size === 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(cache.size).toBe(1);

    const zipped = await get(port, { 'accept-encoding': 'gzip' });
    expect(zipped.status).toBe(200);
    expect(zipped.headers['x-micro-cache']).toBe('HIT');
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(Number(zipped.headers['content-length'])).toBe(zipped.body.length);
    expect(gunzipSync(zipped.body).toString()).toBe(PAGE);
    expect(Object.keys(zipped.headers).filter((h) => h.startsWith('x-middleware-'))).toEqual([]);

    const plain = await get(port);
    expect(plain.headers['x-micro-cache']).toBe('HIT');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(PAGE);
    expect(Number(plain.headers['content-length'])).toBe(Buffer.byteLength(PAGE));

    // HEAD: the same headers, no body
    const head = await get(port, { 'accept-encoding': 'gzip' }, 'HEAD');
    expect(head.headers['content-length']).toBe(zipped.headers['content-length']);
    expect(head.body.length).toBe(0);
  });

  it('says STALE for a copy past its time, answered while one fill refreshes it', async () => {
    const stale = new MicroCache(1, 10, 2, 60_000);
    let pages: http.RequestListener = next;
    const staleServer = createProductServer((req, res) => pages(req, res));
    await new Promise<void>((resolve) => staleServer.listen(0, '127.0.0.1', resolve));
    const stalePort = (staleServer.address() as AddressInfo).port;
    pages = microCached(stale, stalePort, next);
    const key = ['127.0.0.1:' + stalePort, '/about-us', '', ''].join('\n');
    stale.set(key, { status: 200, headers: { 'content-type': 'text/html' }, body: Buffer.from('old'), gzip: Buffer.from('old'), storedAt: Date.now() - 1000 });
    const answer = await get(stalePort);
    expect(answer.headers['x-micro-cache']).toBe('STALE');
    expect(answer.body.toString()).toBe('old');
    // the refresh it started comes back in through the same server
    for (let i = 0; i < 50 && stale.lookup(key)?.entry.body.toString() === 'old'; i++) await new Promise((r) => setTimeout(r, 20));
    expect((await get(stalePort)).body.toString()).toBe(PAGE);
    staleServer.closeAllConnections();
    await new Promise<void>((resolve) => staleServer.close(() => resolve()));
  });
});

describe('a fill that finds Next revalidating its page', () => {
  it('keeps nothing from a STALE answer, and the next miss fills again and keeps the fresh page', async () => {
    // Next's own copy is past its time on the first fill (STALE, rendering the next one), fresh after
    let nextCache = 'STALE';
    const revalidating: http.RequestListener = (req, res) => {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.setHeader('x-nextjs-cache', req.headers['x-microcache-fill'] ? nextCache : 'HIT');
      res.end(PAGE);
    };
    const cache = new MicroCache(60_000, 10, 2, 60_000);
    let pages: http.RequestListener = revalidating;
    const server = createProductServer((req, res) => pages(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    pages = microCached(cache, port, revalidating);
    try {
      await get(port);
      // the STALE fill has ended: nothing kept
      await new Promise((r) => setTimeout(r, 300));
      expect(cache.size).toBe(0);
      nextCache = 'HIT';
      // marked uncacheable, this miss would start no fill for the whole TTL
      await get(port);
      for (let i = 0; i < 50 && cache.size === 0; i++) await new Promise((r) => setTimeout(r, 20));
      expect(cache.size).toBe(1);
      expect((await get(port)).headers['x-micro-cache']).toBe('HIT');
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
