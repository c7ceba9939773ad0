// Processes that must not start as configured say so in one line and exit 1, before building or opening anything:
// a server or jobs worker on PostgreSQL without SESSION_SECRET (each machine would seal cookies with its own key, and a
// visitor signed in on one would be signed out on the next), and `npm run serve` without a build.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { missingSessionSecret, type Env } from '@/lib/env';

const root = process.cwd();
const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
// nothing listens there: a process that refuses never connects
const POSTGRES = 'postgres://postgres@127.0.0.1:1/nowhere';
const SECRET = 'a-session-secret-of-at-least-32-characters';
// a limit, not a speed check: tsx compiles each entry point on start, which took over 25 s on a loaded 2-core CI machine
const SPAWN_LIMIT_MS = 90_000;

/** Runs an entry point as npm runs it, with this environment on top of a clean one; answers its exit and what it printed. */
function run(args: string[], extra: Record<string, string>, cwd = root) {
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([k]) => !['SESSION_SECRET', 'DATABASE_URL', 'NODE_OPTIONS', 'NODE_ENV'].includes(k)));
  const r = spawnSync(tsx, args, { cwd, env: { ...inherited, ...extra } as NodeJS.ProcessEnv, encoding: 'utf8', timeout: SPAWN_LIMIT_MS });
  return { status: r.status, stderr: r.stderr.trim(), stdout: r.stdout.trim() };
}

const REFUSAL = /^Sahyog cannot start: DATABASE_URL is set but SESSION_SECRET is not\. Set SESSION_SECRET to one random string of 32 characters or more \(openssl rand -base64 32\), the same on every server and jobs worker\.$/;

describe('SESSION_SECRET on PostgreSQL', () => {
  it('is required beside DATABASE_URL; the embedded database keeps its generated one', () => {
    const base = { DATA_DIR: './data' } as Env;
    expect(missingSessionSecret({ ...base })).toBeNull();
    expect(missingSessionSecret({ ...base, DATABASE_URL: POSTGRES, SESSION_SECRET: SECRET })).toBeNull();
    expect(missingSessionSecret({ ...base, DATABASE_URL: POSTGRES })).toMatch(REFUSAL);
  });

  it('npm start, npm run serve and npm run jobs refuse to start without it, in one line, before building or connecting', () => {
    for (const args of [['server/start.ts'], ['server/start.ts', '--no-build'], ['--conditions=react-server', 'scripts/jobs.ts']]) {
      const r = run(args, { DATABASE_URL: POSTGRES });
      expect({ args, status: r.status, stderr: r.stderr, stdout: r.stdout }).toEqual({ args, status: 1, stderr: expect.stringMatching(REFUSAL), stdout: '' });
    }
  }, 3 * SPAWN_LIMIT_MS);

  it('a secret shorter than 32 characters is named as the reason', () => {
    const r = run(['server/start.ts', '--no-build'], { DATABASE_URL: POSTGRES, SESSION_SECRET: 'short' });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^Sahyog cannot start: Invalid configuration: SESSION_SECRET: .*32/);
  }, SPAWN_LIMIT_MS);
});

it('npm run serve refuses to start where there is no build, and builds nothing', () => {
  const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'sahyog-no-build-'));
  try {
    const r = run([path.join(root, 'server/start.ts'), '--no-build'], { SESSION_SECRET: SECRET }, empty);
    expect(r).toEqual({ status: 1, stdout: '', stderr: 'Sahyog cannot start: there is no build in .next, and npm run serve never builds. Run npm run build first (npm start builds when needed).' });
    expect(fs.readdirSync(empty)).toEqual([]);
  } finally {
    fs.rmSync(empty, { recursive: true, force: true });
  }
}, SPAWN_LIMIT_MS);
