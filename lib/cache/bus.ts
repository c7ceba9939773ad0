// Cached pages live in each server instance, and a change must expire them on every instance, only once it is
// committed. PostgreSQL's NOTIFY does both: sent inside the writer's transaction it is delivered at commit (never
// for a rollback) to every listening connection, whichever process wrote (a server, `npm run jobs`, a script).
// A job would not do: one instance takes a job, and the other instances' caches would stay stale.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { CACHE_CHANNEL, NOTIFIED_FUNDRAISERS_MAX } from '../constants/cache';
import type { DbOrTx } from '../db/client';
import { listen, type ListenOptions } from '../db/listen';

const INSTANCE_KEY = Symbol.for('sahyog.instance');
type WithInstance = typeof globalThis & { [INSTANCE_KEY]?: string };

/** This process, as the bus names it (Next's bundles and the server script share it through globalThis). */
export function instanceId(): string {
  const g = globalThis as WithInstance;
  return (g[INSTANCE_KEY] ??= randomUUID());
}

export interface FundraisersChanged {
  /** the process that wrote: it has already expired its own cache */
  from: string;
  fundraisers: number[];
  /** when it was announced (ms since the epoch, the writer's clock): a listener's lag is its arrival less this */
  at?: number;
}

/** Partner domains (their brands) or exchange rates changed: the database announces every write of their tables (migration 0026). */
export interface SiteChanged {
  /** 'database' for the tables' own trigger */
  from: string;
  changed: 'brands' | 'rates';
  /** when the trigger fired (ms since the epoch, the database's clock) */
  at?: number;
}

export type CacheBusMessage = FundraisersChanged | SiteChanged;

// a timestamp that cannot be read only goes unmeasured: the change it announces is still applied
const announcedAt = z.number().int().nonnegative().optional().catch(undefined);

const Message = z.union([
  z.object({ from: z.string(), fundraisers: z.array(z.number().int().positive()).min(1).max(NOTIFIED_FUNDRAISERS_MAX), at: announcedAt }),
  z.object({ from: z.string(), changed: z.enum(['brands', 'rates']), at: announcedAt }),
]);

/** Tells every instance that these fundraisers changed; inside a transaction it goes out at commit. */
export async function announceFundraisersChanged(db: DbOrTx, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)];
  // a NOTIFY payload holds under 8 kB: name them a bounded batch at a time
  for (let i = 0; i < unique.length; i += NOTIFIED_FUNDRAISERS_MAX) {
    const message: FundraisersChanged = { from: instanceId(), fundraisers: unique.slice(i, i + NOTIFIED_FUNDRAISERS_MAX), at: Date.now() };
    await db.execute(sql`select pg_notify(${CACHE_CHANNEL}, ${JSON.stringify(message)})`);
  }
}

/** Calls back for every committed change any process announces; a message that is not one of ours is ignored. */
export function listenToCacheBus(onMessage: (message: CacheBusMessage) => void, options?: ListenOptions): Promise<() => Promise<void>> {
  return listen(
    CACHE_CHANNEL,
    (payload) => {
      const parsed = Message.safeParse(safeJson(payload));
      if (parsed.success) onMessage(parsed.data);
    },
    options,
  );
}

/** Calls back for every committed change of fundraisers announced by any process; returns the way to stop listening. */
export function listenForFundraiserChanges(onChange: (change: FundraisersChanged) => void, options?: ListenOptions): Promise<() => Promise<void>> {
  return listenToCacheBus((message) => {
    if ('fundraisers' in message) onChange(message);
  }, options);
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
