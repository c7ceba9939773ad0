// npm run bench:statements: what one SQL statement costs the server's CPU, through drizzle and through pg
// alone, on PostgreSQL (BENCH_PG_URL, default the local server). A donation sends 28; this says what each costs.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { freshPgDatabase } from './lib/pg.mjs';

const PG_ADMIN = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const url = await freshPgDatabase(PG_ADMIN, 'sahyog_bench_statements');
const r = spawnSync(path.join(process.cwd(), 'node_modules', '.bin', 'tsx'), ['bench/lib/statement-cost.ts'], { stdio: 'inherit', env: { ...process.env, DATABASE_URL: url } });
process.exit(r.status ?? 1);
