// What autovacuum does, where it does not run. PGlite has no background workers, so nothing ever vacuums or analyzes
// the embedded database, and a server may have autovacuum turned off. Without it the planner has no statistics, and
// the search index's pending list (GIN fastupdate: new rows wait in an unsorted list every search reads through) grows
// to 4 MB: a rare word took 11 ms at 100,000 fundraisers against 0.2 ms once vacuumed.
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from './client';
import {
  UPKEEP_ANALYZE_CHANGED_ROWS,
  UPKEEP_ANALYZE_CHANGED_SHARE,
  UPKEEP_VACUUM_DEAD_ROWS,
  UPKEEP_VACUUM_DEAD_SHARE,
  UPKEEP_VACUUM_INSERTED_ROWS,
  UPKEEP_VACUUM_INSERTED_SHARE,
} from '../constants/database';

export interface UpkeepResult {
  /** false where autovacuum runs: it keeps the database itself */
  ran: boolean;
  vacuumed: string[];
  analyzed: string[];
}

/** True where nothing else vacuums: the embedded database always, PostgreSQL when autovacuum is off. */
async function needsOwnUpkeep(db: Db, kind: 'pglite' | 'postgres'): Promise<boolean> {
  if (kind === 'pglite') return true;
  const [row] = rowsOf<{ autovacuum: string }>(await db.execute(sql`select current_setting('autovacuum') as autovacuum`));
  return row?.autovacuum !== 'on';
}

/**
 * The tables that changed past autovacuum's default thresholds are vacuumed (which also merges a GIN index's
 * pending list) and analyzed; SKIP_LOCKED, so a table someone else is vacuuming is left to them.
 */
export async function upkeepDatabase(db: Db, kind: 'pglite' | 'postgres'): Promise<UpkeepResult> {
  if (!(await needsOwnUpkeep(db, kind))) return { ran: false, vacuumed: [], analyzed: [] };
  // a backend reports its counts when idle, at most once a second, and PGlite's one backend has no idle timer: report now
  await db.execute(sql`select pg_stat_force_next_flush()`);
  const tables = rowsOf<{ name: string; vacuum: boolean; analyze: boolean }>(
    await db.execute(sql`
      select format('%I.%I', s.schemaname, s.relname) as name,
        (s.n_dead_tup > ${UPKEEP_VACUUM_DEAD_ROWS} + ${UPKEEP_VACUUM_DEAD_SHARE}::float8 * greatest(c.reltuples, 0)
          or s.n_ins_since_vacuum > ${UPKEEP_VACUUM_INSERTED_ROWS} + ${UPKEEP_VACUUM_INSERTED_SHARE}::float8 * greatest(c.reltuples, 0)) as vacuum,
        (c.reltuples < 0 or s.n_mod_since_analyze > ${UPKEEP_ANALYZE_CHANGED_ROWS} + ${UPKEEP_ANALYZE_CHANGED_SHARE}::float8 * greatest(c.reltuples, 0)) as analyze
      from pg_stat_user_tables s join pg_class c on c.oid = s.relid
      order by s.schemaname, s.relname`),
  );
  const result: UpkeepResult = { ran: true, vacuumed: [], analyzed: [] };
  for (const t of tables) {
    // the name comes quoted from format('%I.%I') above, never from input
    if (t.vacuum) {
      await db.execute(sql.raw(`vacuum (analyze, skip_locked) ${t.name}`));
      result.vacuumed.push(t.name);
      result.analyzed.push(t.name);
    } else if (t.analyze) {
      await db.execute(sql.raw(`analyze (skip_locked) ${t.name}`));
      result.analyzed.push(t.name);
    }
  }
  // the counts above start again from zero when PGlite reopens its folder: a pending list left from before is merged anyway
  const gin = rowsOf<{ name: string }>(
    await db.execute(sql`
      select format('%I.%I', n.nspname, c.relname) as name from pg_index i join pg_class c on c.oid = i.indexrelid
      join pg_am a on a.oid = c.relam join pg_namespace n on n.oid = c.relnamespace
      where a.amname = 'gin' and n.nspname not in ('pg_catalog', 'information_schema')`),
  );
  for (const index of gin) await db.execute(sql`select gin_clean_pending_list(${index.name}::regclass)`);
  return result;
}

/** After a bulk load (the seed's catalogue): the statistics and index a live database would have. */
export async function settleBulkLoad(db: Db): Promise<void> {
  await db.execute(sql`vacuum (analyze)`);
}
