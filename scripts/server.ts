// The production server: Next's request handler behind a few seconds of micro-cache for public pages.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import next from 'next';
import { acceptsGzip, installMicroCache, MicroCache, microCacheKey, type MicroCacheEntry } from '../lib/http/micro-cache';
import { INTERNAL_TASK_HEADER, INTERNAL_TASK_PATH, INTERNAL_TASK_TOKEN_ENV, MICRO_CACHE_MAX_ENTRIES, MICRO_CACHE_TTL_MS, OUTBOX_SEND_INTERVAL_MS, RECONCILE_INTERVAL_MS } from '../lib/constants';
import { env } from '../lib/env';
import { cookieFromHeader } from '../lib/http/cookies';
import { stampClientAddress, trustProxyFrom } from '../lib/http/client-address';
import { isBadRequestUrl } from '../lib/routes';

// headers that belong to one connection or one visitor, never replayed from the cache
const PER_RESPONSE = new Set(['set-cookie', 'content-length', 'content-encoding', 'transfer-encoding', 'connection', 'date', 'keep-alive']);

function fill(cache: MicroCache, key: string, port: number, req: http.IncomingMessage): void {
  const generation = cache.claimFill(key);
  if (generation === null) return;
  // the fill comes back in through this server from loopback, which is no trusted proxy: the site goes in Host itself
  const headers: Record<string, string> = { host: String(req.headers['x-forwarded-host'] ?? req.headers.host ?? ''), 'accept-encoding': 'identity', 'x-microcache-fill': '1' };
  if (req.headers['accept-language']) headers['accept-language'] = String(req.headers['accept-language']);
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

// Every server reconciles pending orders by itself; on PostgreSQL one instance at a time does (a lease in the
// database). The timer calls our own route, so the work runs inside Next (cache expiry works as in a webhook).
function startScheduledTasks(port: number, token: string): void {
  const intervalMs = env().RECONCILE_INTERVAL_MS ?? RECONCILE_INTERVAL_MS;
  let busy = false;
  const tick = () => {
    if (busy) return;
    busy = true;
    fetch(`http://127.0.0.1:${port}${INTERNAL_TASK_PATH}/reconcile`, { method: 'POST', headers: { [INTERNAL_TASK_HEADER]: token } })
      .then((r) => (r.ok ? undefined : console.error(`Scheduled reconcile answered ${r.status}`)))
      .catch((e: unknown) => console.error(`Scheduled reconcile failed: ${e instanceof Error ? e.message : e}`))
      .finally(() => (busy = false));
  };
  // look a few times per period: the lease decides whether a run is due and which instance does it
  setInterval(tick, Math.max(1000, Math.floor(intervalMs / 4))).unref();
  tick();
  console.log(`Reconciling pending orders every ${Math.round(intervalMs / 1000)} s.`);
}

// Pages (the API checks origins itself) are served as one of our sites: a Host that is neither configured nor an
// active partner domain becomes the main site's, so it never reaches a site segment, a page cache key or a link
const SITE_FREE_PATHS = ['/api/', '/_next/'];
async function serveAsOwnSite(req: http.IncomingMessage): Promise<void> {
  if (SITE_FREE_PATHS.some((p) => (req.url ?? '').startsWith(p))) return;
  const [{ getDb }, { servedSiteHost }] = await Promise.all([import('../lib/db/client'), import('../lib/whitelabel/resolve')]);
  const host = String(req.headers['x-forwarded-host'] ?? req.headers.host ?? '').split(',')[0].trim().toLowerCase();
  const served = await servedSiteHost(await getDb(), host);
  if (served === host) return;
  req.headers.host = served;
  delete req.headers['x-forwarded-host'];
}

export async function serve(port: number, hostname = '0.0.0.0'): Promise<http.Server> {
  // Next keeps cached pages (server/route-cache) and unstable_cache entries (cache/fetch-cache) on disk
  // across restarts. Both are copies of database rows, and the database may have been re-seeded, restored
  // or swapped since: start empty (the first visit of each page renders it again, ~75 ms)
  for (const dir of [['cache', 'fetch-cache'], ['server', 'route-cache']]) fs.rmSync(path.join(process.cwd(), '.next', ...dir), { recursive: true, force: true });
  // a secret of this process only: the scheduled-task route answers nobody else
  const taskToken = randomBytes(32).toString('hex');
  process.env[INTERNAL_TASK_TOKEN_ENV] = taskToken;
  const app = next({ dev: false, dir: process.cwd(), port, hostname });
  await app.prepare();
  const handle = app.getRequestHandler();
  const cache = installMicroCache(new MicroCache(MICRO_CACHE_TTL_MS, MICRO_CACHE_MAX_ENTRIES));
  const trust = trustProxyFrom(env().TRUST_PROXY);
  const server = http.createServer((req, res) => {
    // NUL and other control characters, and paths that do not decode, reach no page, route or query
    if (isBadRequestUrl(req.url ?? '')) {
      res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
      return res.end('Bad request');
    }
    // before anything reads headers: the client address from the socket and trusted proxies only
    stampClientAddress(req, trust);
    void serveAsOwnSite(req).then(() => respond(req, res), (error: unknown) => {
      console.error(error);
      res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Server error');
    });
  });
  const respond = (req: http.IncomingMessage, res: http.ServerResponse) => {
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
  };
  await new Promise<void>((resolve) => server.listen(port, hostname, resolve));
  console.log(`Sahyog is ready on http://localhost:${port}`);
  await startOutboxDrainIfConfigured();
  startScheduledTasks(port, taskToken);
  return server;
}
