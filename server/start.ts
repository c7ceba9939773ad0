// npm start: refuse a data folder another server holds, or PostgreSQL without SESSION_SECRET; build when the sources are
// newer than the last build (never with --no-build, npm run serve); then our server (server/serve.ts) on PORT (3000),
// with libuv's thread pool sized by server/thread-pool.cjs, loaded first.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { readLockHolder } from '../lib/db/lock';
import { env, missingSessionSecret } from '../lib/env';
import { log } from '../lib/observability/log';

const root = process.cwd();
const SOURCES = ['app', 'components', 'lib', 'messages', 'i18n', 'public', 'middleware.ts', 'instrumentation.ts', 'instrumentation-client.ts', 'next.config.mjs', 'package.json'];

function newestMtime(p: string): number {
  const full = path.join(root, p);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(full)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

function needsBuild(): boolean {
  const buildId = path.join(root, '.next', 'BUILD_ID');
  if (!fs.existsSync(buildId)) return true;
  const built = fs.statSync(buildId).mtimeMs;
  return SOURCES.some((s) => newestMtime(s) > built);
}

// first: the configuration read below (lib/env, read once per process) is the one the server runs with
Object.assign(process.env, { NODE_ENV: 'production' });

/** Stops here with one line for the operator: plain text on stderr, not a JSON log line, since nothing has started. */
function refuse(line: string): never {
  console.error(line);
  process.exit(1);
}

try {
  const refusal = missingSessionSecret();
  if (refusal) refuse(refusal);
} catch (error) {
  // a setting that fails its check (SESSION_SECRET shorter than 32 characters, ...) says which, on one line
  refuse(`Sahyog cannot start: ${(error as Error).message}`);
}

if (!env().DATABASE_URL) {
  const folder = path.resolve(process.env.PGLITE_DIR ?? './data/pglite');
  const holder = readLockHolder(folder);
  if (holder && holder.pid !== process.pid) {
    refuse(`Sahyog cannot start: the data folder ${folder} is in use by process ${holder.pid} (${holder.command}). Stop that server first, or set PGLITE_DIR to another folder.`);
  }
}

// npm run serve (--no-build): the build made once by npm run build, the same on every server, never a new one here
const neverBuild = process.argv.includes('--no-build');
const nextBin = path.join(root, 'node_modules', '.bin', 'next');
if (neverBuild) {
  if (!fs.existsSync(path.join(root, '.next', 'BUILD_ID'))) refuse('Sahyog cannot start: there is no build in .next, and npm run serve never builds. Run npm run build first (npm start builds when needed).');
} else if (needsBuild()) {
  log.info('Building the app (first start or changed sources)…');
  const build = spawnSync(nextBin, ['build'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// libuv's thread pool is sized before anything runs (server/thread-pool.cjs, which npm start preloads)
if (!process.env.UV_THREADPOOL_SIZE) {
  log.warn('Started without server/thread-pool.cjs: the thread pool keeps libuv\'s 4 threads, which image work shares with file reads and sign-ins. Start with npm start.');
}

const port = Number(process.env.PORT ?? '3000');
// loaded in this process, so the micro-cache and the route handlers that clear it share memory
import('./serve')
  .then(({ serve }) => serve(port))
  .catch((error: unknown) => {
    log.fatal({ err: error }, 'Sahyog could not start');
    process.exit(1);
  });
