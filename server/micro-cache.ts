// A few seconds of in-process caching in front of Next for public, cookie-independent pages (nginx-style
// microcaching): Next's own cached-page path costs ~3 ms of CPU per request, this costs microseconds.
// Cache-tag invalidation clears it (lib/cache/invalidate.ts), so a change still shows at once.
import http from 'node:http';
import { gzipSync } from 'node:zlib';
import { hostFromHeaders } from '../lib/http/host';
import { LOCALES } from '../lib/i18n/locales';
import { cookieFromHeader } from '../lib/http/cookies';
import { frontCache, installFrontCache } from '../lib/cache/invalidate';
import { MICRO_CACHE_LOCK_MS } from '../lib/constants/cache';

export interface MicroCacheRequest {
  method?: string;
  url?: string;
  headers: Record<string, string | string[] | undefined>;
}

export interface MicroCacheEntry {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  gzip: Buffer;
  storedAt: number;
  /** the header lines of its answers, built on first use (headerLines) */
  lines?: string[][];
}

const PREFIXES = LOCALES.filter((l) => l !== 'en').join('|');
// public pages whose HTML is the same for every visitor of a host and locale (private stories load client-side)
const CACHEABLE_PATH = new RegExp(`^(?:/(?:${PREFIXES}))?(?:/|/stories/[^/]+|/all-fundraisers(?:/[^/]+/[^/]+)?|/about-us|/blog|/contact-us|/trustandsafety|/privacypolicy)?/?$`);
// rendered per request (a search, the public list API), yet the same answer for everyone asking this URL: kept
// for the few seconds too, so a popular search is a hit and rare ones still reach the (indexed) query
// (the sitemap files too: the same for every crawler of a host)
const RENDERED_PATH = new RegExp(`^(?:(?:/(?:${PREFIXES}))?/all-fundraisers|/api/fundraisers|/sitemap\\.xml|/sitemaps/(?:pages|fundraisers/\\d+)\\.xml)/?$`);
// Next's client navigations and server actions ask for other representations of the same URL
const BYPASS_HEADERS = ['rsc', 'next-router-state-tree', 'next-router-prefetch', 'next-router-segment-prefetch', 'next-action', 'x-microcache-fill', 'authorization'];

const header = (h: MicroCacheRequest['headers'], name: string) => {
  const v = h[name];
  return Array.isArray(v) ? v.join(',') : (v ?? '');
};

/** The cache key, or null when this request must go to Next. */
export function microCacheKey(req: MicroCacheRequest): string | null {
  if (req.method !== 'GET' && req.method !== 'HEAD') return null;
  if (!req.url || BYPASS_HEADERS.some((h) => req.headers[h] !== undefined)) return null;
  const q = req.url.indexOf('?');
  const path = q >= 0 ? req.url.slice(0, q) : req.url;
  // external_ct sends phones to the download page (middleware, by user agent): not one answer for everybody
  if (!(CACHEABLE_PATH.test(path) || RENDERED_PATH.test(path)) || req.url.includes('_rsc=') || req.url.includes('external_ct=')) return null;
  // what middleware decides by: host (white-label), locale cookie and Accept-Language
  const host = hostFromHeaders((n) => header(req.headers, n));
  const locale = cookieFromHeader(header(req.headers, 'cookie'), 'NEXT_LOCALE') ?? '';
  return [host, req.url, locale, header(req.headers, 'accept-language')].join('\n');
}

/**
 * May a response Next rendered for this request (not one from its own cache) be kept? Only for RENDERED_PATH; an API
 * answer that says private or no-store is not. (Next marks every per-request page render no-store itself, whatever
 * the page: the path list, not that header, says which pages are the same for everyone.)
 */
export function keepsRenderedAnswer(url: string, headers: Record<string, string | string[] | undefined>): boolean {
  const path = url.split('?')[0];
  if (!rendersPerRequest(url)) return false;
  return !path.startsWith('/api/') || !/\b(?:private|no-store)\b/.test(String(headers['cache-control'] ?? ''));
}

/** A page or answer Next renders for each request (a search, the list API, a sitemap file), kept here only once it is asked for again. */
export const rendersPerRequest = (url: string): boolean => RENDERED_PATH.test(url.split('?')[0]);

export const acceptsGzip = (req: MicroCacheRequest) => /\bgzip\b/.test(header(req.headers, 'accept-encoding'));

/** Bounded, expiring map; the oldest entries go first when full. */
export class MicroCache {
  private entries = new Map<string, MicroCacheEntry>();
  // each fill in flight, with what resolves when it is done (kept or not)
  private filling = new Map<string, { done: Promise<void>; release: () => void }>();
  // bumped by clear(): a fill that started before an invalidation must not store what it fetched
  private generation = 0;
  // responses Next renders per request (searches) are not stored: remember that, so they are not re-fetched
  private uncacheable = new Map<string, number>();
  // per-request renders missed once: a fill renders the page a second time, worth it only for a URL asked for again
  private missedOnce = new Map<string, number>();
  constructor(
    readonly ttlMs: number,
    readonly maxEntries: number,
    // fills run beside the requests that caused them: bounded, or a stream of one-off URLs queues work without end
    readonly maxFills = Number.POSITIVE_INFINITY,
    // an expired entry is still answered this long while one fill refreshes it (entries only ever age: a change clears them)
    readonly staleMs = 0,
  ) {}

  /**
   * Whether a miss should fetch the page again to keep it. A page Next serves from its own cache costs little to fetch:
   * at once. A page it renders per request (a search) only on its second miss within the TTL: a one-off search is never
   * rendered twice, and a popular one is kept from its second visitor on.
   */
  admitsFill(key: string, renderedPerRequest: boolean, now = Date.now()): boolean {
    if (!renderedPerRequest) return true;
    const missed = this.missedOnce.get(key);
    this.missedOnce.delete(key);
    if (missed !== undefined && now - missed <= this.ttlMs) return true;
    this.remember(this.missedOnce, key, now);
    return false;
  }

  get(key: string, now = Date.now()): MicroCacheEntry | null {
    const found = this.lookup(key, now);
    return found?.fresh ? found.entry : null;
  }

  /** The entry, and whether it is within its TTL; an expired one is answered while it is refreshed, until staleMs more. */
  lookup(key: string, now = Date.now()): { entry: MicroCacheEntry; fresh: boolean } | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    const age = now - entry.storedAt;
    if (age <= this.ttlMs) return { entry, fresh: true };
    if (age <= this.ttlMs + this.staleMs) return { entry, fresh: false };
    this.entries.delete(key);
    return null;
  }

  set(key: string, entry: MicroCacheEntry): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  /** One fill at a time per key, and at most maxFills in all; the answer is the generation to hand back to setIfCurrent. */
  claimFill(key: string): number | null {
    if (this.filling.has(key) || this.filling.size >= this.maxFills) return null;
    let release = () => {};
    const done = new Promise<void>((resolve) => (release = resolve));
    this.filling.set(key, { done, release });
    return this.generation;
  }

  /**
   * The fill of this key in flight, to wait for rather than render the same page once more (nginx's proxy_cache_lock);
   * null when none runs.
   */
  fillOf(key: string): Promise<void> | null {
    return this.filling.get(key)?.done ?? null;
  }

  /** Stores a fill's result unless the cache was cleared since the fill started. */
  setIfCurrent(key: string, entry: MicroCacheEntry, generation: number): boolean {
    if (generation !== this.generation) return false;
    this.set(key, entry);
    return true;
  }

  releaseFill(key: string): void {
    const fill = this.filling.get(key);
    this.filling.delete(key);
    fill?.release();
  }

  markUncacheable(key: string, now = Date.now()): void {
    this.remember(this.uncacheable, key, now);
  }

  // when a key was last seen, in a map that drops its oldest past maxEntries
  private remember(seen: Map<string, number>, key: string, now: number): void {
    seen.set(key, now);
    while (seen.size > this.maxEntries) seen.delete(seen.keys().next().value!);
  }

  isKnownUncacheable(key: string, now = Date.now()): boolean {
    const at = this.uncacheable.get(key);
    return at !== undefined && now - at <= this.ttlMs;
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
    this.uncacheable.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

/** The process's micro-cache, when our server runs one (not under `next start`, jest or scripts). */
export const processMicroCache = (): MicroCache | undefined => frontCache() as MicroCache | undefined;

/** Makes this the process's micro-cache: every cache-tag expiry, in Next or outside it, empties it. */
export const installMicroCache = (cache: MicroCache): MicroCache => installFrontCache(cache);

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

// headers that belong to one connection, one visitor or one request, never replayed from the cache
const PER_RESPONSE = new Set(['x-request-id', 'set-cookie', 'content-length', 'content-encoding', 'transfer-encoding', 'connection', 'date', 'keep-alive']);

/**
 * Fetches the page again from Next to keep it; answers the fill's end (kept or not), or null when none could start.
 * A request back into this server: Next writes its answer's headers in one writeHead, out of reach of the request
 * that caused the fill, and only a whole answer of Next's may be kept.
 */
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
      // Next's STALE is its cached page while it renders the next one: not kept, and not marked uncacheable either,
      // since that sent every request for a TTL to Next while the next miss's fill finds the fresh page (HIT)
      if (res.headers['x-nextjs-cache'] === 'STALE') return;
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

// the header lines an answer from this entry is sent with, in writeHead's flat form: built once per entry and kind
// (plain or gzip, fresh or stale), so a hit copies no object and converts no number
function headerLines(entry: MicroCacheEntry, gzip: boolean, fresh: boolean): string[] {
  const lines = (entry.lines ??= []);
  const kind = (gzip ? 2 : 0) + (fresh ? 1 : 0);
  let built = lines[kind];
  if (!built) {
    built = [];
    for (const [name, value] of Object.entries(entry.headers)) if (name !== 'x-micro-cache') built.push(name, value);
    if (gzip) built.push('content-encoding', 'gzip');
    built.push('content-length', String((gzip ? entry.gzip : entry.body).length), 'x-micro-cache', fresh ? 'HIT' : 'STALE');
    lines[kind] = built;
  }
  return built;
}

function send(req: http.IncomingMessage, res: http.ServerResponse, entry: MicroCacheEntry, fresh: boolean): void {
  const gzip = acceptsGzip(req);
  res.writeHead(entry.status, headerLines(entry, gzip, fresh));
  res.end(req.method === 'HEAD' ? undefined : gzip ? entry.gzip : entry.body);
}

/**
 * Next's request handler behind the micro-cache: a kept page is answered here; a miss goes to Next (`handle`) and is
 * fetched again to keep when it may be. `port` is this server's, where fills come back in.
 */
export function microCached(cache: MicroCache, port: number, handle: Handler): Handler {
  // the fill's copy when it was kept; Next itself when it was not (another answer, a cookie) or took too long
  const answerAfter = async (rendering: Promise<void>, key: string, req: http.IncomingMessage, res: http.ServerResponse) => {
    let waited: NodeJS.Timeout | undefined;
    await Promise.race([rendering, new Promise<void>((resolve) => (waited = setTimeout(resolve, MICRO_CACHE_LOCK_MS)))]);
    clearTimeout(waited);
    const kept = cache.lookup(key);
    if (kept) send(req, res, kept.entry, kept.fresh);
    else handle(req, res);
  };
  return (req, res) => {
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
    handle(req, res);
  };
}
