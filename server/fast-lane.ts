// Our server's fast lane: the donation path's API writes (cart, order, payment/send, the sandbox checkout,
// the browser return, webhooks) are answered by their own route handlers, called directly instead of through Next's
// router, which costs about as much CPU again as a short handler (routing, manifests, a Web request built twice,
// tracing, async contexts). The handlers are the very functions Next calls: this file hands them the Request Next
// would (its URL, its x-forwarded-* headers, the body under the same cap) and writes their Response back.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { JSON_BODY_MAX_BYTES } from '../lib/constants/security/limits';
import { errorResponse, toErrorResponse } from '../lib/http/respond';
import { payloadTooLarge } from '../lib/http/body';
import { withExpiryOutsideNext, type TagExpiry } from '../lib/cache/invalidate';

type RouteContext = { params: Promise<Record<string, string>> };
export type RouteHandler = (request: Request, context: RouteContext) => Promise<Response>;

export interface FastRoute {
  method: 'POST';
  /** the whole path (no query); its named groups are the handler's params, as Next's [segments] are */
  path: RegExp;
  /** the route module's handler, loaded on first use */
  load: () => Promise<RouteHandler>;
}

/** The route that takes this request in the fast lane, with its params; null sends it to Next. */
export function matchFastRoute(routes: readonly FastRoute[], method: string | undefined, url: string | undefined): { route: FastRoute; params: Record<string, string> } | null {
  if (method !== 'POST' || !url) return null;
  const q = url.indexOf('?');
  const pathname = q < 0 ? url : url.slice(0, q);
  for (const route of routes) {
    const m = route.path.exec(pathname);
    if (!m) continue;
    const params: Record<string, string> = {};
    // Next hands a dynamic segment to the handler decoded
    for (const [name, value] of Object.entries(m.groups ?? {})) {
      try {
        params[name] = decodeURIComponent(value);
      } catch {
        return null;
      }
    }
    return { route, params };
  }
  return null;
}

// what Next's server sets on every request before a handler reads it (base-server's x-forwarded-* defaults); our
// server has already dropped any of these a client sent without a trusted proxy (stampClientAddress)
function forwardedDefaults(req: IncomingMessage, port: number): void {
  const h = req.headers;
  h['x-forwarded-host'] ??= h.host ?? 'localhost';
  h['x-forwarded-port'] ??= String(port);
  // a trusted proxy's scheme is kept as it came; without one the socket is plain HTTP
  h['x-forwarded-proto'] ??= 'http';
  h['x-forwarded-for'] ??= req.socket.remoteAddress;
}

/** request.url as Next builds it for a server started with this hostname and port (hosts are read from the headers, lib/http/host.ts). */
function nextRequestUrl(req: IncomingMessage, hostname: string, port: number): string {
  const protocol = String(req.headers['x-forwarded-proto'] ?? '').includes('https') ? 'https' : 'http';
  const host = hostname.includes(':') ? `[${hostname}]` : hostname;
  return `${protocol}://${host}:${port}${req.url ?? '/'}`;
}

/** The body, at most `limit` bytes (the handlers' own cap: they would refuse more with the same 413); null past it. */
function readCappedBody(req: IncomingMessage, limit = JSON_BODY_MAX_BYTES): Promise<Buffer | null> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    let over = false;
    req.on('data', (chunk: Buffer) => {
      if (over) return;
      total += chunk.length;
      if (total > limit) {
        over = true;
        chunks.length = 0;
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(over ? null : Buffer.concat(chunks, total)));
    req.on('error', reject);
    // a client gone before its body ended: nothing to answer, and nothing left waiting
    req.on('close', () => {
      if (!req.complete) reject(new Error('The client closed the request before its body ended'));
    });
  });
}

function webHeaders(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name.startsWith(':')) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  return headers;
}

/** Writes a handler's Response to the Node response, with the headers every answer of ours carries (next.config.mjs). */
async function sendWebResponse(res: ServerResponse, response: Response, always: Record<string, string>): Promise<void> {
  const headers: Record<string, string | string[]> = { ...always };
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) headers['set-cookie'] = cookies;
  const body = response.body ? Buffer.from(await response.arrayBuffer()) : null;
  if (body) headers['content-length'] = String(body.length);
  res.writeHead(response.status, headers);
  res.end(body ?? undefined);
}

/** Where the fast lane runs: the hostname and port Next was started with, and the headers every answer carries. */
export interface FastLaneSite {
  hostname: string;
  port: number;
  headers: Record<string, string>;
}

/**
 * The server's fast lane: true when it took the request (answered here, x-fast-lane: 1), false to send it to Next.
 * Call it after the client address is stamped (stampClientAddress), as for every request.
 */
export function fastLane(routes: readonly FastRoute[], expiry: TagExpiry, site: FastLaneSite): (req: IncomingMessage, res: ServerResponse) => boolean {
  const answered = { ...site, headers: { ...site.headers, 'x-fast-lane': '1' } };
  // each route's module is loaded once (a dynamic import per request goes through the module loader's hooks every time)
  const loaded = new Map<FastRoute, Promise<RouteHandler>>();
  const handlerOf = (route: FastRoute) => {
    let handler = loaded.get(route);
    if (!handler) {
      handler = route.load();
      loaded.set(route, handler);
      handler.catch(() => loaded.delete(route));
    }
    return handler;
  };
  return (req, res) => {
    const match = matchFastRoute(routes, req.method, req.url);
    if (!match) return false;
    void withExpiryOutsideNext(expiry, () => serveFastRoute(req, res, handlerOf(match.route), match.params, answered)).catch(async (error: unknown) => {
      // nobody is left to answer
      if (res.destroyed || req.socket.destroyed) return;
      // what Next answers for a handler that throws past its own envelope: a 500 (reported)
      if (!res.headersSent) await sendWebResponse(res, toErrorResponse(error), answered.headers);
      else res.destroy();
    });
    return true;
  };
}

/** Answers one request in the fast lane: the Request Next would build, the route's handler, its Response written back. */
async function serveFastRoute(req: IncomingMessage, res: ServerResponse, handler: Promise<RouteHandler>, params: Record<string, string>, server: FastLaneSite): Promise<void> {
  forwardedDefaults(req, server.port);
  const body = await readCappedBody(req);
  if (body === null) return sendWebResponse(res, errorResponse(payloadTooLarge()), server.headers);
  const request = new Request(nextRequestUrl(req, server.hostname, server.port), { method: req.method, headers: webHeaders(req), body: body.length ? new Uint8Array(body) : null });
  await sendWebResponse(res, await (await handler)(request, { params: Promise.resolve(params) }), server.headers);
}
