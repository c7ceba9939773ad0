// A product server of a spec's own, for a setting the shared lanes must not have (captcha on changes every form): the
// same build and start command as the lanes, on a port and data folder of its worker, stopped when the spec ends.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const BASE_PORT = Number(process.env.E2E_OWN_PORT ?? 3260);

export interface OwnServer {
  baseURL: string;
  stop(): Promise<void>;
}

export async function startOwnServer(name: string, env: Record<string, string>): Promise<OwnServer> {
  const worker = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
  const port = BASE_PORT + worker;
  const folder = path.resolve(`data/e2e-${name}-${worker}`);
  fs.rmSync(folder, { recursive: true, force: true });
  fs.mkdirSync(folder, { recursive: true });
  const log = fs.openSync(path.join(folder, 'server.log'), 'w');
  const child: ChildProcess = spawn('node_modules/.bin/tsx', ['--require', './server/thread-pool.cjs', 'server/start.ts', '--no-build'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: folder, PGLITE_DIR: path.join(folder, 'db'), PER_ADDRESS_LIMIT_SCALE: '50', DEV_OUTBOX: '1', ...env },
    stdio: ['ignore', log, log],
    detached: true,
  });
  const baseURL = `http://localhost:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the ${name} server stopped (exit ${child.exitCode}); see ${folder}/server.log`);
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the ${name} server did not start in time; see ${folder}/server.log`);
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    baseURL,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      // the whole group: tsx and the server it started
      process.kill(-child.pid!, 'SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
    },
  };
}
