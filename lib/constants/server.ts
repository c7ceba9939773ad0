// Our own Node server in front of Next: keeping connections to the proxy, shutting down, the client address it works
// out, and its internal tasks. The limits it puts on requests: lib/constants/security/limits.ts.
import { GATEWAY_TIMEOUT_MS } from './payments';

/** nginx's `keepalive_timeout` in the upstream block we ship (deploy/): how long it keeps an idle connection to us */
export const PROXY_UPSTREAM_KEEPALIVE_MS = 60_000;
/**
 * how long we keep an idle keep-alive connection: longer than the proxy does, so the proxy always closes first. Were
 * ours shorter (Node's default, 5 s), a POST nginx sends on a connection we have just closed is answered 502, and nginx
 * does not retry a POST
 */
export const KEEPALIVE_TIMEOUT_MS = PROXY_UPSTREAM_KEEPALIVE_MS + 5_000;

/** the most gateway calls one request makes one after another: setting up a mandate makes the customer, then the order */
export const GATEWAY_CALLS_PER_REQUEST_MAX = 2;
/** after its gateway calls, a request's own database work, then stopping the jobs and closing the database */
export const SHUTDOWN_MARGIN_MS = 10_000;
/**
 * on SIGTERM the server finishes requests in flight for at most this long before it exits: a request whose gateway
 * calls each wait their full timeout still gets its answer, so a restart never cuts a payment call in half
 */
export const SHUTDOWN_GRACE_MS = GATEWAY_CALLS_PER_REQUEST_MAX * GATEWAY_TIMEOUT_MS + SHUTDOWN_MARGIN_MS;
/** the header our server sets to the client address it worked out (any incoming value is dropped) */
export const CLIENT_ADDRESS_HEADER = 'x-sahyog-client-address';
/** scheduled tasks run through a route of our own (INTERNAL_TASK_PATH), called by the server's timer with a per-process token */
export const INTERNAL_TASK_HEADER = 'x-internal-task-token';
export const INTERNAL_TASK_TOKEN_ENV = 'SAHYOG_INTERNAL_TASK_TOKEN';
