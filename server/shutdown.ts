// SIGTERM (a deploy, a container stop) or Ctrl-C: finish the requests in flight, stop the jobs, close the database
// cleanly (the embedded one flushes its files), then exit; past the grace period the process exits anyway.
import type http from 'node:http';
import { log } from '../lib/observability/log';
import { markDraining } from '../lib/observability/readiness';
import { closeConnectionsAfterAnswers } from './node-server';

export interface ShutdownSteps {
  stopBackground: () => Promise<unknown>;
  closeDb: () => Promise<void>;
  exit: (code: number) => void;
  graceMs: number;
}

/** Stops the server on the first SIGTERM or SIGINT of `signals` (the process, unless a test passes its own emitter). */
export function stopOnSignal(server: http.Server, steps: ShutdownSteps, signals: Pick<NodeJS.EventEmitter, 'once'> = process): () => Promise<void> {
  let stopping: Promise<void> | null = null;
  const stop = () =>
    (stopping ??= (async () => {
      // the readiness route answers 503 from now on, so a proxy sends new requests elsewhere
      markDraining();
      // each answer from now on closes its connection: a proxy sends nothing more on it
      closeConnectionsAfterAnswers(server);
      const late = setTimeout(() => steps.exit(1), steps.graceMs);
      late.unref();
      // no new connections; idle keep-alive ones close now, busy ones as soon as their answer is sent (Node would
      // otherwise keep a browser's keep-alive connection open for seconds after its last answer)
      const closeIdle = setInterval(() => server.closeIdleConnections(), 50);
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
      clearInterval(closeIdle);
      await steps.stopBackground();
      await steps.closeDb().catch((error: unknown) => log.error({ err: error }, 'Shutdown: the database did not close cleanly'));
      clearTimeout(late);
      steps.exit(0);
    })());
  signals.once('SIGTERM', () => void stop());
  signals.once('SIGINT', () => void stop());
  return stop;
}
