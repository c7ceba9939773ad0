// Database upkeep where autovacuum does not run (PGlite has no background workers; a server may have it off): a table
// is vacuumed and analyzed once it changed past autovacuum's own default thresholds (PostgreSQL's docs, 24.1.6).
export const UPKEEP_VACUUM_DEAD_ROWS = 50;
export const UPKEEP_VACUUM_DEAD_SHARE = 0.2;
export const UPKEEP_VACUUM_INSERTED_ROWS = 1000;
export const UPKEEP_VACUUM_INSERTED_SHARE = 0.2;
export const UPKEEP_ANALYZE_CHANGED_ROWS = 50;
export const UPKEEP_ANALYZE_CHANGED_SHARE = 0.1;
