// Whether this process should be sent requests: not while it drains (a SIGTERM came), not without the cache bus (it
// would serve pages other servers changed), not without its database. Our server (server/) writes the state; the
// readiness route, in Next's bundle, reads it: one copy per process through globalThis.
import { pingDatabase } from '../db/client';
import { READY_DATABASE_TIMEOUT_MS } from '../constants/health';

interface ReadinessState {
  draining: boolean;
  busListening: boolean;
}

const READINESS_KEY = Symbol.for('sahyog.readiness');
type WithReadiness = typeof globalThis & { [READINESS_KEY]?: ReadinessState };
const state = (): ReadinessState => ((globalThis as WithReadiness)[READINESS_KEY] ??= { draining: false, busListening: false });

/** The first SIGTERM or SIGINT: from now on this process is leaving. */
export function markDraining(): void {
  state().draining = true;
}

/** The cache bus's listener is (or is no longer) connected. */
export function markBusListening(listening: boolean): void {
  state().busListening = listening;
}

export interface Readiness {
  ready: boolean;
  draining: boolean;
  bus: boolean;
  database: boolean;
}

/** Ready: not draining, the bus heard, and the database answering within READY_DATABASE_TIMEOUT_MS. */
export async function readiness(timeoutMs = READY_DATABASE_TIMEOUT_MS): Promise<Readiness> {
  const { draining, busListening } = state();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
  const database = await Promise.race([pingDatabase().then((p) => p.ok), late]);
  clearTimeout(timer);
  return { ready: !draining && busListening && database, draining, bus: busListening, database };
}
