// npm run bench:statements (issue 16): what one SQL statement costs the server's CPU, through drizzle and through pg
// alone, on PostgreSQL (BENCH_PG_URL, default the local server). A donation sends 28; this says what each costs.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';

const PG_ADMIN = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const admin = new pg.Client({ connectionString: PG_ADMIN });
await admin.connect();
await admin.query('drop database if exists sahyog_bench_statements');
await admin.query('create database sahyog_bench_statements');
await admin.end();
const url = new URL(PG_ADMIN);
url.pathname = '/sahyog_bench_statements';
const r = spawnSync(path.join(process.cwd(), 'node_modules', '.bin', 'tsx'), ['bench/lib/statement-cost.ts'], { stdio: 'inherit', env: { ...process.env, DATABASE_URL: url.toString() } });
process.exit(r.status ?? 1);
