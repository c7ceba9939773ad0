// The routes our server answers in its fast lane (server/fast-lane.ts): a donation's API writes, whose handlers
// are short enough that Next's routing was half of each request's CPU. Exact paths only: a trailing slash or a
// doubled one still goes to Next, which redirects it. Every other route, and every page, goes through Next.
import './server-only';
import type { FastRoute, RouteHandler } from './fast-lane';

const post = (m: { POST: unknown }) => m.POST as RouteHandler;

export const FAST_ROUTES: readonly FastRoute[] = [
  { method: 'POST', path: /^\/api\/fundraisers\/(?<id>[^/]+)\/cart$/, load: async () => post(await import('../app/api/fundraisers/[id]/cart/route')) },
  { method: 'POST', path: /^\/api\/fundraisers\/(?<id>[^/]+)\/order$/, load: async () => post(await import('../app/api/fundraisers/[id]/order/route')) },
  { method: 'POST', path: /^\/api\/payment\/send$/, load: async () => post(await import('../app/api/payment/send/route')) },
  { method: 'POST', path: /^\/api\/payment\/sandbox\/complete$/, load: async () => post(await import('../app/api/payment/sandbox/complete/route')) },
  { method: 'POST', path: /^\/api\/payment\/response\/(?<oi>[^/]+)$/, load: async () => post(await import('../app/api/payment/response/[oi]/route')) },
  { method: 'POST', path: /^\/api\/webhooks\/(?<gateway>[^/]+)$/, load: async () => post(await import('../app/api/webhooks/[gateway]/route')) },
];
