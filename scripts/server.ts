// The production server: Next's request handler behind a few seconds of micro-cache for public pages.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import next from 'next';
import { acceptsGzip, installMicroCache, keepsRenderedAnswer, MicroCache, microCacheKey, rendersPerRequest, type MicroCacheEntry } from '../lib/http/micro-cache';
import { MICRO_CACHE_LOCK_MS, MICRO_CACHE_MAX_ENTRIES, MICRO_CACHE_MAX_FILLS, MICRO_CACHE_STALE_MS, MICRO_CACHE_TTL_MS } from '../lib/constants/cache';
import { INTERNAL_TASK_HEADER, INTERNAL_TASK_TOKEN_ENV, SHUTDOWN_GRACE_MS } from '../lib/constants/server';
import { env } from '../lib/env';
import { cookieFromHeader } from '../lib/http/cookies';
import { stampClientAddress, trustProxyFrom } from '../lib/http/client-address';
import { isBadRequestUrl, INTERNAL_TASK_PATH } from '../lib/routes';
import { stopOnSignal } from '../lib/http/shutdown';
import { hostFromHeaders } from '../lib/http/host';
import { fastLane } from '../lib/http/fast-lane';
import { createProductServer } from '../lib/http/node-server';
import { nextTagExpiry } from '../lib/cache/next-tags';
// what settled orders and moved mandates mean for SIPs and insurance, before anything settles
import '../lib/reactions';

// the headers next.config.mjs puts on every answer; the fast lane's answers carry them too
const EVERY_ANSWER = { 'x-content-type-options': 'nosniff', 'referrer-policy': 'strict-origin-when-cross-origin' };

// headers that belong to one connection or one visitor, never replayed from the cache
const PER_RESPONSE = new Set(['set-cookie', 'content-length', 'content-encoding', 'transfer-encoding', 'connection', 'date', 'keep-alive']);

/** Fetches the page again from Next to keep it; answers the fill's end (kept or not), or null when none could start. */
function fill(cache: MicroCache, key: string, port: number, req: http.IncomingMessage): Promise<void> | null {
  const generation = cache.claimFill(key);
  if (generation === null) return null;
  // the fill comes back in through this server from loopback, which is no trusted proxy: the site goes in Host itself
  const headers: Record<string, string> = { host: hostFromHeaders((n) => req.headers[n] as string | undefined), 'accept-encoding': 'identity', 'x-microcache-fill': '1' };
  if (req.headers['accept-language']) headers['accept-language'] = String(req.headers['accept-language']);
  const locale = cookieFromHeader(req.headers.cookie, 'NEXT_LOCALE');
  if (locale) headers.cookie = `NEXT_LOCALE=${encodeURIComponent(locale)}`;
  const fetchReq = http.get({ host: '127.0.0.1', port, path: req.url, headers }, (res) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => {
      cache.releaseFill(key);
      // only pages Next itself serves from its cache (or a search and the list API, the same for everyone), never one that sets a cookie
      const fromNextCache = res.headers['x-nextjs-cache'] === 'HIT' || keepsRenderedAnswer(req.url ?? '', res.headers);
      if (res.statusCode !== 200 || !fromNextCache || res.headers['set-cookie']) return cache.markUncacheable(key);
      const kept: Record<string, string> = {};
      for (const [name, value] of Object.entries(res.headers)) if (value !== undefined && !PER_RESPONSE.has(name)) kept[name] = Array.isArray(value) ? value.join(', ') : value;
      const body = Buffer.concat(chunks);
      cache.setIfCurrent(key, { status: 200, headers: kept, body, gzip: gzipSync(body), storedAt: Date.now() }, generation);
    });
    res.on('error', () => cache.releaseFill(key));
  });
  fetchReq.on('error', () => cache.releaseFill(key));
  return cache.fillOf(key);
}

function send(req: http.IncomingMessage, res: http.ServerResponse, entry: MicroCacheEntry, fresh: boolean): void {
  const gzip = acceptsGzip(req);
  const body = gzip ? entry.gzip : entry.body;
  res.writeHead(entry.status, { ...entry.headers, ...(gzip ? { 'content-encoding': 'gzip' } : {}), 'content-length': body.length, 'x-micro-cache': fresh ? 'HIT' : 'STALE' });
  res.end(req.method === 'HEAD' ? undefined : body);
}

// The job runner (lib/jobs): reconciliation, the outbox and rate refreshes, each period on one instance only.
// Reconciliation goes through our own route, so it runs inside Next and expires cached pages as a webhook does.
async function startJobs(port: number, token: string): Promise<() => Promise<void>> {
  const [{ getDb, databaseKind }, { jobDatabase, startJobRunner }, { productJobs }, { reportError }] = await Promise.all([
    import('../lib/db/client'),
    import('../lib/jobs/runner'),
    import('../lib/jobs/definitions'),
    import('../lib/observability/report'),
  ]);
  const reconcile = async () => {
    const r = await fetch(`http://127.0.0.1:${port}${INTERNAL_TASK_PATH}/reconcile`, { method: 'POST', headers: { [INTERNAL_TASK_HEADER]: token } });
    if (!r.ok) throw new Error(`Scheduled reconcile answered ${r.status}`);
  };
  // issue 14: the SIP charge run too goes through Next (its modules are server-only; settled gifts expire pages there)
  const chargeSips = async () => {
    const r = await fetch(`http://127.0.0.1:${port}${INTERNAL_TASK_PATH}/sip-charge-due`, { method: 'POST', headers: { [INTERNAL_TASK_HEADER]: token } });
    if (!r.ok) throw new Error(`Scheduled SIP charge run answered ${r.status}`);
  };
  const jobs = productJobs({ db: getDb, env: env(), reconcile, chargeSips });
  // on the embedded database this server is the only one: a claim left by the one before it (killed mid-run) is released now
  const soleInstance = (await databaseKind()) === 'pglite';
  const runner = await startJobRunner({ database: await jobDatabase(), jobs, soleInstance, onError: (error) => void reportError(error, { task: 'jobs' }) });
  console.log(`Jobs: ${jobs.map((j) => `${j.name} every ${Math.round((j.everyMs ?? 0) / 1000)} s`).join(', ')}.`);
  return () => runner.stop();
}

// Another process's committed change (a payment settled by another server or by `npm run jobs`, a comment elsewhere)
// expires this server's cached pages too: heard on the database's NOTIFY bus, applied inside Next through our own route.
async function followCacheBus(port: number, token: string): Promise<() => Promise<void>> {
  const [{ instanceId, listenForFundraiserChanges }, { reportError }] = await Promise.all([import('../lib/cache/bus'), import('../lib/observability/report')]);
  const self = instanceId();
  return listenForFundraiserChanges(({ from, fundraisers }) => {
    // this process expired its own pages when it wrote
    if (from === self) return;
    void fetch(`http://127.0.0.1:${port}${INTERNAL_TASK_PATH}/expire`, { method: 'POST', headers: { [INTERNAL_TASK_HEADER]: token, 'content-type': 'application/json' }, body: JSON.stringify({ fundraisers }) })
      .then((r) => {
        if (!r.ok) throw new Error(`Cache expiry answered ${r.status}`);
      })
      .catch((error: unknown) => void reportError(error, { task: 'cache-bus' }));
  });
}

/**
 * The fast lane (issue 16): a donation's API writes go to their handlers without Next's router; what they expire in
 * Next's cache is expired in this process's tags manifest at once, as revalidateTag does when a Next request ends.
 * FAST_LANE=0, or a Next that keeps its tags elsewhere, sends everything through Next.
 */
async function donationFastLane(port: number, hostname: string) {
  if (env().FAST_LANE === '0') return null;
  const expiry = nextTagExpiry();
  if (!expiry) {
    console.warn('Fast lane off: this Next keeps its cache tags where our server cannot expire them.');
    return null;
  }
  const { FAST_ROUTES } = await import('./fast-lane-routes');
  return fastLane(FAST_ROUTES, expiry, { hostname, port, headers: EVERY_ANSWER });
}

// Pages (the API checks origins itself) are served as one of our sites: a Host that is neither configured nor an
// active partner domain becomes the main site's, so it never reaches a site segment, a page cache key or a link
const SITE_FREE_PATHS = ['/api/', '/_next/'];
async function serveAsOwnSite(req: http.IncomingMessage): Promise<void> {
  if (SITE_FREE_PATHS.some((p) => (req.url ?? '').startsWith(p))) return;
  const [{ getDb }, { servedSiteHost }] = await Promise.all([import('../lib/db/client'), import('../lib/whitelabel/resolve')]);
  const host = hostFromHeaders((n) => req.headers[n] as string | undefined);
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
  const cache = installMicroCache(new MicroCache(MICRO_CACHE_TTL_MS, MICRO_CACHE_MAX_ENTRIES, MICRO_CACHE_MAX_FILLS, MICRO_CACHE_STALE_MS));
  const trust = trustProxyFrom(env().TRUST_PROXY);
  const inFastLane = await donationFastLane(port, hostname);
  // a time limit on receiving each request, and no internal header on any answer (lib/http/node-server.ts)
  const server = createProductServer((req, res) => {
    // NUL and other control characters, and paths that do not decode, reach no page, route or query
    if (isBadRequestUrl(req.url ?? '')) {
      res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
      return res.end('Bad request');
    }
    // before anything reads headers: the client address from the socket and trusted proxies only
    stampClientAddress(req, trust);
    if (inFastLane?.(req, res)) return;
    void serveAsOwnSite(req).then(() => respond(req, res), (error: unknown) => {
      console.error(error);
      res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Server error');
    });
  });
  const respond = (req: http.IncomingMessage, res: http.ServerResponse) => {
    // issue 16: an API write (a cart, an order, a webhook, a return) answers a few hundred bytes of JSON or a redirect;
    // Next would gzip it all the same (it streams, so no size is known), which made it bigger and cost ~6% of the CPU
    if (req.method !== 'GET' && req.method !== 'HEAD' && req.url?.startsWith('/api/')) delete req.headers['accept-encoding'];
    const key = microCacheKey(req);
    const hit = key ? cache.lookup(key) : null;
    if (key && hit) {
      send(req, res, hit.entry, hit.fresh);
      // an expired copy was answered: one fill (claimFill keeps it to one) refreshes it for the visitors after this one
      if (!hit.fresh) fill(cache, key, port, req);
      return;
    }
    if (key && rendersPerRequest(req.url ?? '')) {
      // a search (a render per request): its visitors wait for the one fill rendering it, from its second visitor on,
      // rather than each render it again (a popular search's first seconds, every visitor at once)
      const rendering = cache.fillOf(key) ?? (!cache.isKnownUncacheable(key) && cache.admitsFill(key, true) ? fill(cache, key, port, req) : null);
      if (rendering) return void answerAfter(rendering, key, req, res);
    } else if (key) {
      // a page Next serves from its own cache: answered by Next at once, then kept. Next writes its headers in one
      // writeHead, out of reach here: the fill request checks them itself
      res.on('finish', () => {
        if (res.statusCode === 200 && !cache.isKnownUncacheable(key) && cache.admitsFill(key, false)) fill(cache, key, port, req);
      });
    }
    void handle(req, res);
  };
  // the fill's copy when it was kept; Next itself when it was not (another answer, a cookie) or took too long
  const answerAfter = async (rendering: Promise<void>, key: string, req: http.IncomingMessage, res: http.ServerResponse) => {
    let waited: NodeJS.Timeout | undefined;
    await Promise.race([rendering, new Promise<void>((resolve) => (waited = setTimeout(resolve, MICRO_CACHE_LOCK_MS)))]);
    clearTimeout(waited);
    const kept = cache.lookup(key);
    if (kept) send(req, res, kept.entry, kept.fresh);
    else void handle(req, res);
  };
  await new Promise<void>((resolve) => server.listen(port, hostname, resolve));
  console.log(`Sahyog is ready on http://localhost:${port}`);
  const stopJobs = await startJobs(port, taskToken);
  const stopFollowing = await followCacheBus(port, taskToken);
  // once, whether the server closed or a signal came first
  let background: Promise<unknown> | null = null;
  const stopBackground = () => (background ??= Promise.allSettled([stopJobs(), stopFollowing()]));
  server.on('close', () => void stopBackground());
  stopOnSignal(server, {
    stopBackground,
    closeDb: async () => (await import('../lib/db/client')).closeDb(),
    exit: (code) => process.exit(code),
    graceMs: SHUTDOWN_GRACE_MS,
  });
  return server;
}

