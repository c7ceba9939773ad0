// The one logger: pino, JSON lines on stdout. Every line written while a request (or a job it started) runs carries
// its request_id, and the fields that hold secrets are replaced before a line is written.
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import pino, { type DestinationStream, type Logger } from 'pino';
import { REDACTED, REQUEST_ID_MAX_LENGTH, SECRET_LOG_FIELDS } from '../constants/observability';

export interface LogContext {
  request_id: string;
}

// Next's bundles and our server load lib/ separately: one store and one logger per process, as for the db handle
const STORE_KEY = Symbol.for('sahyog.log-context');
const LOGGER_KEY = Symbol.for('sahyog.logger');
type WithLog = typeof globalThis & { [STORE_KEY]?: AsyncLocalStorage<LogContext>; [LOGGER_KEY]?: Logger };
const context = ((globalThis as WithLog)[STORE_KEY] ??= new AsyncLocalStorage<LogContext>());

// a field at the top of a line's object, one or two levels down (a request's headers, a job's data)
const REDACT_PATHS = SECRET_LOG_FIELDS.flatMap((f) => {
  const key = /^[A-Za-z_$][\w$]*$/.test(f) ? `.${f}` : `["${f}"]`;
  return [key.slice(key.startsWith('.') ? 1 : 0), `*${key}`, `*.*${key}`];
});

/** A logger writing to `destination` (stdout when omitted); tests pass a stream to read what was written. */
export function createLogger(destination?: DestinationStream): Logger {
  return pino(
    {
      level: process.env.LOG_LEVEL ?? 'info',
      base: undefined,
      redact: { paths: REDACT_PATHS, censor: REDACTED },
      // the request id of whatever request or job is running, read where the line is written
      mixin: () => {
        const current = context.getStore();
        return current ? { request_id: current.request_id } : {};
      },
    },
    destination,
  );
}

export const log: Logger = ((globalThis as WithLog)[LOGGER_KEY] ??= createLogger());

/** Runs `work` with `request_id` on every line it logs, through awaits and callbacks. */
export function withRequestId<T>(requestId: string, work: () => T): T {
  return context.run({ request_id: requestId }, work);
}

/** The id of the request (or job) running now, for a job it enqueues to carry on. */
export function currentRequestId(): string | undefined {
  return context.getStore()?.request_id;
}

/** A proxy's id kept only when it looks like an id (no control characters, no log lines smuggled in); else our own. */
export function requestIdFrom(trusted: string | undefined): string {
  if (trusted && trusted.length <= REQUEST_ID_MAX_LENGTH && /^[A-Za-z0-9._-]+$/.test(trusted)) return trusted;
  return randomUUID();
}
