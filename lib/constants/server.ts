// Our own Node server in front of Next: shutting down, the client address it works out, and its internal tasks.
// The limits it puts on requests: lib/constants/security/limits.ts.

/** on SIGTERM the server finishes requests in flight for at most this long before it exits */
export const SHUTDOWN_GRACE_MS = 10_000;
/** the header our server sets to the client address it worked out (any incoming value is dropped) */
export const CLIENT_ADDRESS_HEADER = 'x-sahyog-client-address';
/** scheduled tasks run through a route of our own (INTERNAL_TASK_PATH), called by the server's timer with a per-process token */
export const INTERNAL_TASK_HEADER = 'x-internal-task-token';
export const INTERNAL_TASK_TOKEN_ENV = 'SAHYOG_INTERNAL_TASK_TOKEN';
