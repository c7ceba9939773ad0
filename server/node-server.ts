// The Node HTTP server our production server (server/serve.ts) listens with: what holds for every request and every
// answer, whoever answers it (Next, the micro-cache, the fast lane).
import http from 'node:http';
import { REQUEST_BODY_TIMEOUT_MS, REQUEST_HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_CHECK_MS } from '../lib/constants/security/limits';
import { KEEPALIVE_TIMEOUT_MS } from '../lib/constants/server';

// Next's router answers with its middleware's own headers: x-middleware-rewrite names the internal host-in-path
// rewrite (/{host}/{locale}/...) and echoes the whole query string (16 kB of headers for a long one)
const INTERNAL_HEADER = /^x-middleware-/i;

type HeaderArgument = http.OutgoingHttpHeaders | http.OutgoingHttpHeader[] | undefined;

function withoutInternal(headers: HeaderArgument): HeaderArgument {
  if (Array.isArray(headers)) {
    // Node's flat [name, value, name, value] form (the micro-cache's): the same array when nothing is to go
    let internal = false;
    for (let i = 0; i < headers.length && !internal; i += 2) internal = INTERNAL_HEADER.test(String(headers[i]));
    if (!internal) return headers;
    const kept: http.OutgoingHttpHeader[] = [];
    for (let i = 0; i + 1 < headers.length; i += 2) if (!INTERNAL_HEADER.test(String(headers[i]))) kept.push(headers[i], headers[i + 1]);
    return kept;
  }
  if (!headers || typeof headers !== 'object') return headers;
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !INTERNAL_HEADER.test(name)));
}

const writeHead = http.ServerResponse.prototype.writeHead;

// servers that are draining (server/shutdown.ts): each answer they send closes its connection
const leaving = new WeakSet<http.Server>();
let anyLeaving = false;

/**
 * From now on every answer of this server says `Connection: close` and closes its connection, so a proxy never sends
 * another request on a connection this server is about to close (nginx would answer a POST sent on it 502).
 */
export function closeConnectionsAfterAnswers(server: http.Server): void {
  leaving.add(server);
  anyLeaving = true;
}

/**
 * Every answer of our server: no x-middleware-* header reaches the client, however the answer writes its headers. One
 * class rather than a wrapper put on each response, which cost every request a closure and a new object shape.
 */
export class ProductResponse extends http.ServerResponse {
  // every answer passes here: an explicit writeHead, and an implicit one (Node's first write or end calls this.writeHead)
  override writeHead(statusCode: number, ...rest: unknown[]): this {
    for (const name of this.getHeaderNames()) if (INTERNAL_HEADER.test(name)) this.removeHeader(name);
    if (anyLeaving && leaving.has((this.socket as (typeof this.socket & { server?: http.Server }) | null)?.server as http.Server)) this.shouldKeepAlive = false;
    if (rest.length) rest[rest.length - 1] = typeof rest[rest.length - 1] === 'string' ? rest[rest.length - 1] : withoutInternal(rest[rest.length - 1] as HeaderArgument);
    return (writeHead as (...args: unknown[]) => this).call(this, statusCode, ...rest);
  }
}

/**
 * The server, with a time limit on receiving each request (a client that sends half a body and waits is
 * answered 408 and closed after REQUEST_BODY_TIMEOUT_MS, on Next's path and the fast lane alike), an idle keep-alive
 * connection kept longer than the proxy in front keeps its own (KEEPALIVE_TIMEOUT_MS), and no internal header on any
 * answer. headersTimeout stays below keepAliveTimeout: Node (18 and later) times the headers from a request's first
 * byte, not from the end of the answer before it, so an idle kept connection is never cut by it (a test holds this).
 */
export const RECEIVE_LIMITS = { requestTimeout: REQUEST_BODY_TIMEOUT_MS, headersTimeout: REQUEST_HEADERS_TIMEOUT_MS, connectionsCheckingInterval: REQUEST_TIMEOUT_CHECK_MS, keepAliveTimeout: KEEPALIVE_TIMEOUT_MS };

// the limits are an argument so a test can watch the same mechanism in seconds rather than a minute
export function createProductServer(handler: http.RequestListener, limits: typeof RECEIVE_LIMITS = RECEIVE_LIMITS): http.Server {
  return http.createServer({ ...limits, ServerResponse: ProductResponse }, handler);
}
