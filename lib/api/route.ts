// Every route handler of app/ is made here: it declares who may call it, the schemas of its params, query and body,
// its cache policy and (rarely) why it takes writes from other sites, and receives what it declared, checked.
// It sits above lib/auth and lib/permissions (it asks them who is calling), so it lives here, not in lib/http.
import type { z } from 'zod';
import { getDb, type Db } from '../db/client';
import { toErrorResponse } from '../http/respond';
import { assertSameOrigin } from '../http/origin';
import { notFound } from '../http/errors';
import { parseJsonBody, parseQuery, parseWith } from '../http/validation';
import { requireUser, sessionState, signedInUser, type SignedInUser } from '../auth/session';
import { can } from '../permissions/can';
import { requireStaff, type StaffMember } from '../permissions/staff';
import type { DeskCapability } from '../constants/desk';

/** Set on every handler this file makes: a test walks app/ and refuses a route handler without it. */
export const MADE_BY_ROUTE = Symbol.for('sahyog.route-handler');

/**
 * The writes that skip the same-origin check, each with the reason: what posts to them is not one of our pages, and
 * something other than the browser's cookie proves who is asking. Every other POST/PUT/PATCH/DELETE is checked.
 */
export const CROSS_SITE_WRITES = {
  paymentWebhook: "the gateway's servers post signed events: the signature over the raw body proves them, not an origin",
  gatewayReturn: "the gateway's checkout page posts the donor back to us from its own origin; the return's signature is verified",
  sandboxCheckout: "the sandbox gateway's checkout page stands in for a gateway's own site, which posts from its origin; the step is signed",
  signInProvider: "a sign-in provider (Google One Tap) posts its signed credential from its own origin; the credential proves it",
  internalTask: 'our own server, or an operator, posts with a secret header that proves the call; no browser session is involved',
} as const;
export type CrossSiteWrite = keyof typeof CROSS_SITE_WRITES;

/** Cache-Control policies a route declares; set on the handler's answer unless it set its own. */
export const CACHE = {
  /** per-user answers: no shared cache keeps them, and the browser does not store them */
  private: 'private, no-store',
  noStore: 'no-store',
} as const;

/**
 * Who may call: `anyone` (the user is not looked up), `visitor` (the signed-in user or null; an ended bearer token
 * answers token_expired), `donor` (the signed-in user or null, an ended token counting as nobody: the cart's cookie
 * proves a donor's checkout as well as a session does, so a stale token must not stop them paying), `user` (401
 * without a session), `reviewer` (a signed-in platform reviewer; 404 to anyone else), `staff` (a desk staff member whose
 * roles allow the route's `staff` capability; 404 to anyone else, a signed-out visitor too).
 */
export type Who = 'anyone' | 'visitor' | 'donor' | 'user' | 'reviewer' | 'staff';
type UserFor<W extends Who> = W extends 'staff' ? SignedInUser & StaffMember : W extends 'user' | 'reviewer' ? SignedInUser : W extends 'visitor' | 'donor' ? SignedInUser | null : null;
type Parsed<S> = S extends z.ZodType ? z.infer<S> : undefined;
// without a schema the path's segments come as Next gives them (a route that checks them itself, like a webhook's gateway)
type ParsedParams<S> = S extends z.ZodType ? z.infer<S> : Record<string, string>;

export interface RouteSpec<W extends Who, P, Q, B> {
  /** or a function of the query, for an answer open to anyone in part (a list's first page) and to callers beyond it */
  who: W | ((query: Parsed<Q>) => W);
  /** the 401 message when `who` is user or reviewer and nobody is signed in */
  signInMessage?: string;
  /** with who 'staff': what the caller's staff roles must allow */
  staff?: DeskCapability;
  /** the path's [segments], as Next hands them over */
  params?: P;
  /** the query string as an object (repeated keys keep the last value) */
  query?: Q;
  /** the JSON body, read with the body cap; parsed after the caller is known */
  body?: B;
  /** a Cache-Control value (CACHE.private for per-user answers) set on the answer unless the handler set one */
  cache?: string;
  /** a write that does not come from our pages: one of the named exceptions above */
  crossSite?: CrossSiteWrite;
  /** false for the few answers that must not open the database (the health check reports it instead) */
  database?: false;
}

export interface RouteInput<W extends Who, P, Q, B, D> {
  request: Request;
  db: D extends false ? never : Db;
  user: UserFor<W>;
  params: ParsedParams<P>;
  query: Parsed<Q>;
  body: Parsed<B>;
}

type NextContext = { params: Promise<Record<string, string | string[] | undefined>> };
// the context is optional for callers that have no path segments to give (a test calling GET(request))
export type RouteHandler = ((request: Request, context?: NextContext) => Promise<Response>) & { [MADE_BY_ROUTE]: true };
const NO_SEGMENTS: NextContext = { params: Promise.resolve({}) };

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function withCachePolicy(response: Response, policy: string | undefined): Response {
  if (!policy || response.headers.has('cache-control')) return response;
  try {
    response.headers.set('Cache-Control', policy);
    return response;
  } catch {
    // a redirect's headers are immutable
    const copy = new Response(response.body, response);
    copy.headers.set('Cache-Control', policy);
    return copy;
  }
}

async function callerOf(who: Who, db: Db | undefined, request: Request, signInMessage?: string, capability?: DeskCapability): Promise<SignedInUser | null> {
  if (who === 'anyone' || !db) return null;
  if (who === 'visitor') return signedInUser(db, request);
  if (who === 'staff') {
    // the desk is unknown to everyone but its staff: no 401 that would tell a visitor it is here
    if (!capability) throw new Error('a staff route names the capability it needs');
    const session = await sessionState(db, request);
    return requireStaff(db, session.state === 'live' ? session.user : null, capability);
  }
  if (who === 'donor') {
    const session = await sessionState(db, request);
    return session.state === 'live' ? session.user : null;
  }
  const user = await requireUser(db, request, signInMessage);
  if (who === 'reviewer' && !(await can(db, user, 'fundraiser.review', { kind: 'platform' }))) throw notFound();
  return user;
}

/**
 * A route handler: same-origin on writes (unless named in CROSS_SITE_WRITES), then params, query, the database, the
 * caller and the body, in that order; any error becomes the API's error envelope with its status.
 */
export function route<W extends Who, P extends z.ZodType | undefined = undefined, Q extends z.ZodType | undefined = undefined, B extends z.ZodType | undefined = undefined, D extends false | undefined = undefined>(
  spec: RouteSpec<W, P, Q, B> & { database?: D },
  handler: (input: RouteInput<W, P, Q, B, D>) => Promise<Response>,
): RouteHandler {
  const made = async (request: Request, context: NextContext = NO_SEGMENTS): Promise<Response> => {
    try {
      if (!spec.crossSite && WRITES.has(request.method)) assertSameOrigin(request);
      const params = spec.params ? parseWith(spec.params, await context.params) : await context.params;
      const query = spec.query ? parseQuery(spec.query, request.url) : undefined;
      const db = spec.database === false ? undefined : await getDb();
      const who = typeof spec.who === 'function' ? spec.who(query as Parsed<Q>) : spec.who;
      const user = await callerOf(who, db, request, spec.signInMessage, spec.staff);
      const body = spec.body ? await parseJsonBody(spec.body, request) : undefined;
      const input = { request, db, user, params, query, body } as RouteInput<W, P, Q, B, D>;
      return withCachePolicy(await handler(input), spec.cache);
    } catch (error) {
      return toErrorResponse(error);
    }
  };
  return Object.assign(made, { [MADE_BY_ROUTE]: true as const });
}

/** True for a handler made by route(). */
export const isRouteHandler = (value: unknown): boolean => typeof value === 'function' && (value as Partial<RouteHandler>)[MADE_BY_ROUTE] === true;
