// Starts the product as npm start does (server/start.ts builds first when the sources changed) on its own database.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = process.cwd();
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

/** Seeds a fresh embedded database with N fundraisers before the server opens it (one process per folder). */
export function seedDatabase(dataDir, fundraisers) {
  fs.rmSync(dataDir, { recursive: true, force: true });
  const r = spawnSync(bin('tsx'), ['scripts/seed.ts', '--fundraisers', String(fundraisers)], { stdio: 'inherit', env: { ...process.env, PGLITE_DIR: dataDir } });
  if (r.status !== 0) throw new Error('seeding failed');
}

/** On PostgreSQL the server refuses to start without SESSION_SECRET: the bench's own, unless the caller set one. */
function benchSession(env) {
  const onPostgres = env.DATABASE_URL ?? process.env.DATABASE_URL;
  return onPostgres && !process.env.SESSION_SECRET ? { SESSION_SECRET: 'bench-session-secret-0123456789abcdefghij' } : {};
}

// noBuild: npm run serve's mode (server/start.ts --no-build), for a bench that must not spend its run building
export async function startServer({ port: defaultPort = 3400, dataDir = './data/bench', env = {}, fresh = true, noBuild = false } = {}) {
  // BENCH_PORT=n: another port than the bench's own (several checkouts benching on one machine)
  const port = Number(process.env.BENCH_PORT ?? defaultPort);
  if (fresh) fs.rmSync(dataDir, { recursive: true, force: true });
  // the server exactly as npm start runs it (micro-cache included)
  // BENCH_CPU_PROFILE=dir: the server writes a V8 CPU profile there when it stops (where its time went)
  const profile = process.env.BENCH_CPU_PROFILE;
  // the thread pool sized before the server starts, as npm start does (server/thread-pool.cjs)
  const preload = ['--require', './server/thread-pool.cjs'];
  const start = ['server/start.ts', ...(noBuild ? ['--no-build'] : [])];
  const [command, args] = profile ? [process.execPath, [`--cpu-prof`, `--cpu-prof-dir=${profile}`, ...preload, '--import', 'tsx', ...start]] : [bin('tsx'), [...preload, ...start]];
  const child = spawn(command, args, {
    // the bench stands where a proxy would (its X-Forwarded-For spreads donors over many addresses), and uses
    // the sandbox gateway on PostgreSQL too
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), PGLITE_DIR: dataDir, TRUST_PROXY: 'loopback', SANDBOX_GATEWAY: '1', ...benchSession(env), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // its own process group, so a kill reaches tsx's node child too (the crash bench SIGKILLs the whole server)
    detached: true,
  });
  let log = '';
  child.stdout.on('data', (d) => (log += d));
  child.stderr.on('data', (d) => (log += d));
  const base = `http://127.0.0.1:${port}`;
  // a build may come first (~40 s on these machines)
  const deadline = Date.now() + 300_000;
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
    child,
    log: () => log,
    stop: (signal = 'SIGTERM') =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', resolve);
        try {
          process.kill(-child.pid, signal);
        } catch {
          child.kill(signal);
        }
      }),
  };
}
