// The routes our server answers in its fast lane (lib/http/fast-lane.ts): a donation's API writes, whose handlers
// are short enough that Next's routing was half of each request's CPU. Exact paths only: a trailing slash or a
// doubled one still goes to Next, which redirects it. Every other route, and every page, goes through Next.
import Module from 'node:module';
import path from 'node:path';
import type { FastRoute, RouteHandler } from '../lib/http/fast-lane';

// lib/ marks its server modules with 'server-only', which Next resolves to an empty module on the server and which
// throws anywhere else: resolve it as Next does for the handlers loaded here (tsx loads them through require)
const resolver = Module as unknown as { _resolveFilename: (request: string, ...rest: unknown[]) => string };
const resolve = resolver._resolveFilename;
const SERVER_ONLY = path.join(process.cwd(), 'node_modules', 'server-only', 'empty.js');
resolver._resolveFilename = function (request, ...rest) {
  return resolve.call(this, request === 'server-only' ? SERVER_ONLY : request, ...rest);
};

const post = (m: { POST: unknown }) => m.POST as RouteHandler;

export const FAST_ROUTES: readonly FastRoute[] = [
  { method: 'POST', path: /^\/api\/fundraisers\/(?<id>[^/]+)\/cart$/, load: async () => post(await import('../app/api/fundraisers/[id]/cart/route')) },
  { method: 'POST', path: /^\/api\/fundraisers\/(?<id>[^/]+)\/order$/, load: async () => post(await import('../app/api/fundraisers/[id]/order/route')) },
  { method: 'POST', path: /^\/api\/payment\/send$/, load: async () => post(await import('../app/api/payment/send/route')) },
  { method: 'POST', path: /^\/api\/payment\/sandbox\/complete$/, load: async () => post(await import('../app/api/payment/sandbox/complete/route')) },
  { method: 'POST', path: /^\/api\/payment\/response\/(?<oi>[^/]+)$/, load: async () => post(await import('../app/api/payment/response/[oi]/route')) },
  { method: 'POST', path: /^\/api\/webhooks\/(?<gateway>[^/]+)$/, load: async () => post(await import('../app/api/webhooks/[gateway]/route')) },
];
