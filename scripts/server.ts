// The production server: Next's request handler behind a few seconds of micro-cache for public pages.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import next from 'next';
import { acceptsGzip, installMicroCache, MicroCache, microCacheKey, type MicroCacheEntry } from '../lib/http/micro-cache';
import { MICRO_CACHE_MAX_ENTRIES, MICRO_CACHE_TTL_MS, OUTBOX_SEND_INTERVAL_MS } from '../lib/constants';
import { env } from '../lib/env';
import { cookieFromHeader } from '../lib/http/cookies';

// headers that belong to one connection or one visitor, never replayed from the cache
const PER_RESPONSE = new Set(['set-cookie', 'content-length', 'content-encoding', 'transfer-encoding', 'connection', 'date', 'keep-alive']);

function fill(cache: MicroCache, key: string, port: number, req: http.IncomingMessage): void {
  const generation = cache.claimFill(key);
  if (generation === null) return;
  const headers: Record<string, string> = { host: String(req.headers.host ?? ''), 'accept-encoding': 'identity', 'x-microcache-fill': '1' };
  for (const h of ['x-forwarded-host', 'accept-language'] as const) if (req.headers[h]) headers[h] = String(req.headers[h]);
  const locale = cookieFromHeader(req.headers.cookie, 'NEXT_LOCALE');
  if (locale) headers.cookie = `NEXT_LOCALE=${encodeURIComponent(locale)}`;
  const fetchReq = http.get({ host: '127.0.0.1', port, path: req.url, headers }, (res) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => {
      cache.releaseFill(key);
      // only pages Next itself serves from its cache, and never one that sets a cookie
      if (res.statusCode !== 200 || res.headers['x-nextjs-cache'] !== 'HIT' || res.headers['set-cookie']) return cache.markUncacheable(key);
      const kept: Record<string, string> = {};
      for (const [name, value] of Object.entries(res.headers)) if (value !== undefined && !PER_RESPONSE.has(name)) kept[name] = Array.isArray(value) ? value.join(', ') : value;
      const body = Buffer.concat(chunks);
      cache.setIfCurrent(key, { status: 200, headers: kept, body, gzip: gzipSync(body), storedAt: Date.now() }, generation);
    });
    res.on('error', () => cache.releaseFill(key));
  });
  fetchReq.on('error', () => cache.releaseFill(key));
}

function send(req: http.IncomingMessage, res: http.ServerResponse, entry: MicroCacheEntry): void {
  const gzip = acceptsGzip(req);
  const body = gzip ? entry.gzip : entry.body;
  res.writeHead(entry.status, { ...entry.headers, ...(gzip ? { 'content-encoding': 'gzip' } : {}), 'content-length': body.length, 'x-micro-cache': 'HIT' });
  res.end(req.method === 'HEAD' ? undefined : body);
}

// with SMTP_URL or an SMS provider, this server sends queued messages itself (the database handle is the one Next's handlers share)
async function startOutboxDrainIfConfigured(): Promise<void> {
  const e = env();
  if (!e.SMTP_URL && !(e.SMS_API_URL && e.SMS_API_KEY)) return;
  const [{ getDb }, { configuredTransports, startOutboxDrain }, { reportError }] = await Promise.all([import('../lib/db/client'), import('../lib/outbox/sender'), import('../lib/observability/report')]);
  const transports = configuredTransports(e);
  if (!transports) return;
  startOutboxDrain({ db: getDb, transports, intervalMs: OUTBOX_SEND_INTERVAL_MS, onError: (error) => void reportError(error, { task: 'outbox drain' }) });
  console.log(`Sending queued ${Object.keys(transports).join(' and ')} every ${OUTBOX_SEND_INTERVAL_MS / 1000} s.`);
}

export async function serve(port: number, hostname = '0.0.0.0'): Promise<http.Server> {
  // Next keeps cached pages (server/route-cache) and unstable_cache entries (cache/fetch-cache) on disk
  // across restarts. Both are copies of database rows, and the database may have been re-seeded, restored
  // or swapped since: start empty (the first visit of each page renders it again, ~75 ms)
  for (const dir of [['cache', 'fetch-cache'], ['server', 'route-cache']]) fs.rmSync(path.join(process.cwd(), '.next', ...dir), { recursive: true, force: true });
  const app = next({ dev: false, dir: process.cwd(), port, hostname });
  await app.prepare();
  const handle = app.getRequestHandler();
  const cache = installMicroCache(new MicroCache(MICRO_CACHE_TTL_MS, MICRO_CACHE_MAX_ENTRIES));
  const server = http.createServer((req, res) => {
    const key = microCacheKey(req);
    const hit = key ? cache.get(key) : null;
    if (hit) return send(req, res, hit);
    if (key) {
      // Next writes its headers in one writeHead, out of reach here: the fill request checks them itself
      res.on('finish', () => {
        if (res.statusCode === 200 && !cache.isKnownUncacheable(key)) fill(cache, key, port, req);
      });
    }
    void handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(port, hostname, resolve));
  console.log(`Sahyog is ready on http://localhost:${port}`);
  await startOutboxDrainIfConfigured();
  return server;
}
