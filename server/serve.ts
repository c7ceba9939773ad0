// The production server, put together in start-up order: Next's request handler behind the micro-cache, the fast
// lane beside it, and the background work (jobs, cache bus) once it listens.
// Imported first: what this server loads of lib/ and app/ marks itself 'server-only'
import './server-only';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import next from 'next';
import { MICRO_CACHE_MAX_ENTRIES, MICRO_CACHE_MAX_FILLS, MICRO_CACHE_STALE_MS, MICRO_CACHE_TTL_MS } from '../lib/constants/cache';
import { INTERNAL_TASK_TOKEN_ENV, SHUTDOWN_GRACE_MS } from '../lib/constants/server';
import { env } from '../lib/env';
import { closeDb, getDb } from '../lib/db/client';
import { stampClientAddress, trustProxyFrom } from '../lib/http/client-address';
import { REQUEST_ID_HEADER } from '../lib/constants/observability';
import { stampRequestId } from '../lib/http/request-id';
import { hostFromHeaders } from '../lib/http/host';
import { log, withRequestId } from '../lib/observability/log';
import { observeRequest } from '../lib/observability/metrics';
import { isBadRequestUrl } from '../lib/routes';
import { servedSiteHost, siteConfig } from '../lib/whitelabel/resolve';
import { isConfiguredSiteHost } from '../lib/whitelabel/site';
// what settled orders and moved mandates mean for SIPs and insurance, before anything settles
import '../lib/reactions';
import { installMicroCache, MicroCache, microCached } from './micro-cache';
import { fastLane } from './fast-lane';
import { FAST_ROUTES } from './fast-lane-routes';
import { nextTagExpiry } from './next-tags';
import { followCacheBus, startBackgroundJobs } from './background';
import { createProductServer } from './node-server';
import { stopOnSignal } from './shutdown';

// the headers next.config.mjs puts on every answer; the fast lane's answers carry them too
const EVERY_ANSWER = { 'x-content-type-options': 'nosniff', 'referrer-policy': 'strict-origin-when-cross-origin' };

// Pages (the API checks origins itself) are served as one of our sites: a Host that is neither configured nor an
// active partner domain becomes the main site's, so it never reaches a site segment, a page cache key or a link
const SITE_FREE_PATHS = ['/api/', '/_next/'];
// read once: the settings (lib/env) are read once per process
const SITE = siteConfig();

/** True when the request goes on as it came, known without the database: no page, or a Host of ours by configuration. */
function servedAsItCame(req: http.IncomingMessage): boolean {
  const url = req.url ?? '';
  for (const p of SITE_FREE_PATHS) if (url.startsWith(p)) return true;
  const host = hostFromHeaders((n) => req.headers[n] as string | undefined);
  return host !== '' && isConfiguredSiteHost(host, SITE);
}

// any other Host: a partner domain (looked up, then kept a minute by lib/whitelabel/brand.ts) or the main site's
async function serveAsOwnSite(req: http.IncomingMessage): Promise<void> {
  const host = hostFromHeaders((n) => req.headers[n] as string | undefined);
  const served = await servedSiteHost(await getDb(), host);
  if (served === host) return;
  req.headers.host = served;
  delete req.headers['x-forwarded-host'];
}

/** Emitted by the server serve() answers once its background work (jobs, cache bus) has stopped after it closed. */
export const BACKGROUND_STOPPED = 'background-stopped';

/** What serve() needs of Next: `next` itself, or a stand-in for a test that has no build. */
export type MakeNext = (options: { dev: false; dir: string; port: number; hostname: string }) => {
  prepare(): Promise<void>;
  getRequestHandler(): (req: http.IncomingMessage, res: http.ServerResponse) => Promise<void>;
};

export async function serve(port: number, hostname = '0.0.0.0', makeNext: MakeNext = next): Promise<http.Server> {
  // 1. with PAGE_CACHE_ON_DISK=1 (next.config.mjs) Next keeps cached pages (server/route-cache) and unstable_cache
  // entries (cache/fetch-cache) on disk across restarts. Both are copies of database rows, and the database may have
  // been re-seeded, restored or swapped since: start empty (the first visit of each page renders it again, ~75 ms)
  for (const dir of [['cache', 'fetch-cache'], ['server', 'route-cache']]) fs.rmSync(path.join(process.cwd(), '.next', ...dir), { recursive: true, force: true });
  // 2. a secret of this process only: the internal task route answers nobody else
  const taskToken = randomBytes(32).toString('hex');
  process.env[INTERNAL_TASK_TOKEN_ENV] = taskToken;
  // 3. Next, in this process, so the micro-cache and the route handlers that clear it share memory
  const app = makeNext({ dev: false, dir: process.cwd(), port, hostname });
  await app.prepare();
  const handle = app.getRequestHandler();
  // 4. the micro-cache in front of Next; Next's tags map, where writers outside a Next request expire pages
  const cache = installMicroCache(new MicroCache(MICRO_CACHE_TTL_MS, MICRO_CACHE_MAX_ENTRIES, MICRO_CACHE_MAX_FILLS, MICRO_CACHE_STALE_MS));
  // a miss goes to Next under its request's id (stamped below), so Next's lines and the jobs it starts carry it
  const pages = microCached(cache, port, (req, res) => withRequestId(String(req.headers[REQUEST_ID_HEADER] ?? ''), () => void handle(req, res)));
  const expiry = nextTagExpiry();
  // 5. the fast lane: a donation's API writes go to their handlers without Next's router (FAST_LANE=0 turns it off)
  if (!expiry) log.warn('Fast lane off, background work through Next: this Next keeps its cache tags where our server cannot expire them.');
  const inFastLane = expiry && env().FAST_LANE !== '0' ? fastLane(FAST_ROUTES, expiry, { hostname, port, headers: EVERY_ANSWER }) : null;
  const trust = trustProxyFrom(env().TRUST_PROXY);
  const respond = (req: http.IncomingMessage, res: http.ServerResponse) => {
    // an API write (a cart, an order, a webhook, a return) answers a few hundred bytes of JSON or a redirect; Next
    // would gzip it all the same (it streams, so no size is known), which made it bigger and cost ~6% of the CPU
    if (req.method !== 'GET' && req.method !== 'HEAD' && req.url?.startsWith('/api/')) delete req.headers['accept-encoding'];
    pages(req, res);
  };
  // 6. the Node server: a time limit on receiving each request, and no internal header on any answer (server/node-server.ts)
  const server = createProductServer((req, res) => {
    // NUL and other control characters, and paths that do not decode, reach no page, route or query
    if (isBadRequestUrl(req.url ?? '')) {
      res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
      return res.end('Bad request');
    }
    // the request's id: a trusted proxy's, else our own; on every log line of the request and on its answer
    const requestId = stampRequestId(req, res, trust);
    const started = performance.now();
    res.once('finish', () => observeRequest(req.method ?? 'GET', req.url ?? '/', res.statusCode, (performance.now() - started) / 1000));
    // before anything reads headers: the client address from the socket and trusted proxies only
    stampClientAddress(req, trust);
    // the request id's scope (AsyncLocalStorage) only where something may log: a micro-cache hit writes no line, and
    // a scope per request cost that path its promise hooks
    if (inFastLane && withRequestId(requestId, () => inFastLane(req, res))) return;
    // the common case (our own domain, or an API call) goes on in this same tick: no promise, no database
    if (servedAsItCame(req)) return respond(req, res);
    void withRequestId(requestId, () => serveAsOwnSite(req)).then(() => respond(req, res), (error: unknown) => {
      log.error({ err: error, request_id: requestId }, 'A request failed before reaching Next');
      res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Server error');
    });
  });
  // 7. the cache bus, before the server answers: a change committed once it answers is heard, never missed
  const site = { port, taskToken, expiry };
  const stopBus = await followCacheBus(site);
  await new Promise<void>((resolve) => server.listen(port, hostname, resolve));
  log.info(`Sahyog is ready on http://localhost:${port}`);
  // 8. the jobs, once the server answers (without Next's tags map, they run through the task route)
  const stopJobs = await startBackgroundJobs(site);
  const stopWork = async () => void (await Promise.allSettled([stopJobs(), stopBus()]));
  // 9. a graceful stop: requests in flight, then the background work, then the database; once, whether the server
  // closed or a signal came first
  let background: Promise<unknown> | null = null;
  const stopBackground = () => (background ??= stopWork());
  server.on('close', () => void stopBackground().then(() => server.emit(BACKGROUND_STOPPED)));
  stopOnSignal(server, { stopBackground, closeDb, exit: (code) => process.exit(code), graceMs: SHUTDOWN_GRACE_MS });
  return server;
}
