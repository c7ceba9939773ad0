// Periodic tasks (reconciliation now; SIP charges later) run on one instance at a time and once per period,
// whatever the number of servers: a lease row in the database, renewed by the holder, lapses if it dies.
// It works the same on PGlite (one process) and PostgreSQL (many); issue 11 moves tasks onto a job queue.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { scheduledTaskLeases } from '../db/schema';

export interface ScheduledTask {
  name: string;
  /** the task runs at most once per period, across every instance */
  periodMs: number;
  /** a holder that has not finished by then is taken to be dead */
  leaseMs: number;
  run: () => Promise<void>;
}

/** Takes the task's lease when it is due and free; true when this instance now holds it. */
export async function claimScheduledTask(db: Db, task: Pick<ScheduledTask, 'name' | 'periodMs' | 'leaseMs'>, holder: string, now = new Date()): Promise<boolean> {
  const until = new Date(now.getTime() + task.leaseMs).toISOString();
  const dueBefore = new Date(now.getTime() - task.periodMs).toISOString();
  const nowIso = now.toISOString();
  const rows = await db.execute(sql`
    insert into ${scheduledTaskLeases} (name, holder, locked_until) values (${task.name}, ${holder}, ${until}::timestamptz)
    on conflict (name) do update set holder = excluded.holder, locked_until = excluded.locked_until
    where ${scheduledTaskLeases.locked_until} <= ${nowIso}::timestamptz
      and (${scheduledTaskLeases.last_run_at} is null or ${scheduledTaskLeases.last_run_at} <= ${dueBefore}::timestamptz)
    returning name`);
  return ((rows as unknown as { rows?: unknown[] }).rows ?? (rows as unknown as unknown[])).length > 0;
}

/** Ends this holder's run: the lease is free, and the next run is due one period from now. */
export async function finishScheduledTask(db: Db, name: string, holder: string, now = new Date()): Promise<void> {
  await db.execute(sql`update ${scheduledTaskLeases} set locked_until = ${now.toISOString()}::timestamptz, last_run_at = ${now.toISOString()}::timestamptz
    where name = ${name} and holder = ${holder}`);
}

/** Runs the task if this instance wins it; true when it ran. */
export async function runScheduledTaskOnce(db: Db, task: ScheduledTask, holder: string, now = new Date()): Promise<boolean> {
  if (!(await claimScheduledTask(db, task, holder, now))) return false;
  try {
    await task.run();
  } finally {
    await finishScheduledTask(db, task.name, holder, now);
  }
  return true;
}
