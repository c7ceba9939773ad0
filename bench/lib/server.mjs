// Starts the production build (building first when needed) on its own embedded database folder.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = process.cwd();
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

const SOURCES = ['app', 'components', 'lib', 'messages', 'i18n', 'public', 'middleware.ts', 'instrumentation.ts', 'instrumentation-client.ts', 'next.config.mjs', 'package.json'];

function newestMtime(p) {
  if (!fs.existsSync(p)) return 0;
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs.readdirSync(p).reduce((m, e) => Math.max(m, newestMtime(path.join(p, e))), stat.mtimeMs);
}

/** Builds when there is no build or a source is newer than it (as npm start does). */
export function ensureBuild() {
  const buildId = path.join(root, '.next', 'BUILD_ID');
  const fresh = fs.existsSync(buildId) && SOURCES.every((s) => newestMtime(path.join(root, s)) <= fs.statSync(buildId).mtimeMs);
  if (fresh && !process.env.BENCH_REBUILD) return;
  const r = spawnSync(bin('next'), ['build'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (r.status !== 0) throw new Error('next build failed');
}

/** Seeds a fresh embedded database with N fundraisers before the server opens it (one process per folder). */
export function seedDatabase(dataDir, fundraisers) {
  fs.rmSync(dataDir, { recursive: true, force: true });
  const r = spawnSync(bin('tsx'), ['scripts/seed.ts', '--fundraisers', String(fundraisers)], { stdio: 'inherit', env: { ...process.env, PGLITE_DIR: dataDir } });
  if (r.status !== 0) throw new Error('seeding failed');
}

export async function startServer({ port = 3400, dataDir = './data/bench', env = {}, fresh = true } = {}) {
  if (fresh) fs.rmSync(dataDir, { recursive: true, force: true });
  // the server exactly as npm start runs it (micro-cache included)
  const child = spawn(bin('tsx'), ['scripts/start.ts'], {
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), PGLITE_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (d) => (log += d));
  child.stderr.on('data', (d) => (log += d));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${log}`);
    try {
      const r = await fetch(`${base}/api/health`);
      if (r.ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${log}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    base,
    log: () => log,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}
