// What npm run bench:cluster stands on, all on 127.0.0.1: a PostgreSQL of its own (a drill restarts it, so never the
// machine's shared one), N app processes from one build, the jobs worker, and nginx from deploy/nginx/sahyog.conf.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = process.cwd();
const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// every process this bench starts, stopped on the way out whatever happens
const started = new Set();
export async function stopEverything() {
  await Promise.allSettled([...started].map((p) => p.stop()));
}

/** A child in its own process group, so a kill reaches all of it; its output kept for the report. */
function child(command, args, env, name) {
  const c = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let log = '';
  c.stdout.on('data', (d) => (log += d));
  c.stderr.on('data', (d) => (log += d));
  const exited = new Promise((resolve) =>
    c.once('exit', (code, signal) => {
      // how it ended, in its own log: a process that drains on a signal exits without a word
      log += `\n[${name} exited at ${new Date().toISOString()}: code ${code}, signal ${signal}]\n`;
      resolve({ code, signal });
    }),
  );
  const proc = {
    name,
    pid: c.pid,
    child: c,
    exited,
    alive: () => c.exitCode === null && c.signalCode === null,
    log: () => log,
    signal: (signal) => {
      try {
        process.kill(-c.pid, signal);
      } catch {
        // already gone
      }
    },
    async stop(signal = 'SIGTERM') {
      if (proc.alive()) proc.signal(signal);
      const r = await exited;
      started.delete(proc);
      return r;
    },
  };
  started.add(proc);
  return proc;
}

// ---- PostgreSQL --------------------------------------------------------------------------------------------------

function pgBin() {
  if (process.env.BENCH_PG_BIN) return process.env.BENCH_PG_BIN;
  const versions = fs.existsSync('/usr/lib/postgresql') ? fs.readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a)) : [];
  if (!versions.length) throw new Error('No PostgreSQL server binaries under /usr/lib/postgresql (apt-get install -y postgresql), or set BENCH_PG_BIN');
  return `/usr/lib/postgresql/${versions[0]}/bin`;
}

// PostgreSQL refuses to run as root: as root, its commands run as the postgres user
function asPostgres(command, args) {
  const [cmd, argv] = process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  const r = spawnSync(cmd, argv, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${command} ${args.join(' ')} failed:\n${r.stdout}${r.stderr}`);
  return r.stdout;
}

// the same, without blocking this process: the drills' load keeps running while PostgreSQL restarts
function asPostgresAsync(command, args) {
  const [cmd, argv] = process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  return new Promise((resolve, reject) => {
    const c = spawn(cmd, argv, { stdio: 'ignore' });
    c.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited ${code}`))));
  });
}

/** A fresh PostgreSQL cluster in a temporary folder, listening on 127.0.0.1:port only. */
export function startPostgres(port) {
  const bin = pgBin();
  const dir = path.join(os.tmpdir(), `sahyog-cluster-pg-${port}`);
  const data = path.join(dir, 'data');
  const ctl = (...args) => asPostgres(path.join(bin, 'pg_ctl'), ['-D', data, ...args]);
  if (fs.existsSync(path.join(data, 'postmaster.pid'))) {
    try {
      ctl('stop', '-m', 'immediate');
    } catch {
      // a folder left by a run that was killed: its server is gone already
    }
  }
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  if (process.getuid?.() === 0) spawnSync('chown', ['postgres:postgres', dir]);
  asPostgres(path.join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-instructions']);
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c max_connections=300`;
  const pg = {
    url: (db = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${db}`,
    start: () => ctl('start', '-w', '-l', path.join(dir, 'server.log'), '-o', options),
    /** a fast restart, as an operator's `systemctl restart postgresql`: every connection is cut */
    restart: () => asPostgresAsync(path.join(bin, 'pg_ctl'), ['-D', data, 'restart', '-w', '-m', 'fast', '-l', path.join(dir, 'server.log'), '-o', options]),
    stop: async () => void ctl('stop', '-m', 'fast'),
  };
  pg.start();
  started.add({ stop: pg.stop });
  return pg;
}

// ---- the app ------------------------------------------------------------------------------------------------------

/** Builds once (next build) when there is no build yet or BENCH_BUILD=1; every process then serves this build. */
export function buildOnce() {
  const buildId = path.join(root, '.next', 'BUILD_ID');
  if (fs.existsSync(buildId) && process.env.BENCH_BUILD !== '1') return fs.readFileSync(buildId, 'utf8').trim();
  console.log('Building once (npm run build)…');
  const r = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (r.status !== 0) throw new Error('the build failed');
  return fs.readFileSync(buildId, 'utf8').trim();
}

/** Migrates the database and seeds the demo, as an operator does once before the first start. */
export function migrateAndSeed(env) {
  for (const script of ['scripts/migrate.ts', 'scripts/seed.ts']) {
    const r = spawnSync(tsx, [script], { stdio: 'inherit', env: { ...process.env, ...env } });
    if (r.status !== 0) throw new Error(`${script} failed`);
  }
}

// the start that never builds (npm run serve: server/start.ts --no-build), as node itself runs it, the way
// deploy/systemd/sahyog-web@.service does: a kill reaches the server, not a wrapper. Before that start existed,
// server/start.ts alone, which builds only when the sources are newer than the build made above
function startCommand() {
  const scripts = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts;
  const noBuild = /--no-build\b/.test(scripts.serve ?? '') ? ['--no-build'] : [];
  return [process.execPath, ['--require', './server/thread-pool.cjs', '--import', 'tsx', 'server/start.ts', ...noBuild]];
}

/** Answers 'ready' (200), 'not-ready' (any other answer) or 'down' (no answer). */
export async function readiness(base) {
  try {
    let r = await fetch(`${base}/api/health/ready`, { signal: AbortSignal.timeout(2000) });
    // a build without the readiness route: its plain health check
    if (r.status === 404) r = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2000) });
    await r.arrayBuffer();
    return r.ok ? 'ready' : 'not-ready';
  } catch {
    return 'down';
  }
}

/** One app process on its port; answers once it is ready. */
export async function startApp(port, env) {
  const [command, args] = startCommand();
  const proc = child(command, args, { ...process.env, ...env, NODE_ENV: 'production', PORT: String(port) }, `app:${port}`);
  const base = `http://127.0.0.1:${port}`;
  const startedAt = performance.now();
  const deadline = Date.now() + 300_000;
  while ((await readiness(base)) !== 'ready') {
    if (!proc.alive()) throw new Error(`the app on ${port} exited:\n${proc.log()}`);
    if (Date.now() > deadline) throw new Error(`the app on ${port} was not ready in time:\n${proc.log()}`);
    await sleep(200);
  }
  return Object.assign(proc, { port, base, readyMs: performance.now() - startedAt });
}

/** The jobs worker (npm run jobs). */
export function startJobs(env) {
  return child(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'scripts/jobs.ts'], { ...process.env, ...env, NODE_ENV: 'production' }, 'jobs');
}

// ---- nginx --------------------------------------------------------------------------------------------------------

/**
 * deploy/nginx/sahyog.conf with this run's upstream ports (deploy/nginx/sahyog-upstream.conf's line, one per port, in
 * a file of this run's own that deploy/rolling-restart.sh rewrites), listen address and static folder; everything
 * else as an operator installs it. `extra` is more of the http block (the bench's file server).
 */
export function nginxConfig({ prefix, appPorts, listenPort, extra = '' }) {
  const site = fs.readFileSync(path.join(root, 'deploy', 'nginx', 'sahyog.conf'), 'utf8');
  const upstream = fs.readFileSync(path.join(root, 'deploy', 'nginx', 'sahyog-upstream.conf'), 'utf8');
  const m = upstream.match(/^([ \t]*)server 127\.0\.0\.1:\d+( .*;)$/m);
  if (!m) throw new Error('deploy/nginx/sahyog-upstream.conf has no "server 127.0.0.1:PORT ...;" line');
  if (!site.includes('include /etc/nginx/sahyog-upstream.conf;')) throw new Error('deploy/nginx/sahyog.conf does not include /etc/nginx/sahyog-upstream.conf');
  const templated = site
    .replace('include /etc/nginx/sahyog-upstream.conf;', `include ${upstreamFile(prefix)};`)
    .replace(/^\s*listen \[::\]:80;\n/m, '')
    .replace(/listen 80;/, `listen 127.0.0.1:${listenPort};`)
    .replace('/srv/sahyog/static/', `${path.join(root, '.next', 'static')}/`);
  // a folder of this run's own: the error log read after a drill is this run's
  fs.rmSync(prefix, { recursive: true, force: true });
  fs.mkdirSync(prefix, { recursive: true });
  fs.writeFileSync(path.join(prefix, 'sahyog.conf'), templated);
  fs.writeFileSync(upstreamFile(prefix), appPorts.map((p) => `${m[1]}server 127.0.0.1:${p}${m[2]}\n`).join(''));
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `    ${t}_temp_path ${path.join(prefix, `${t}-temp`)};`).join('\n');
  fs.writeFileSync(
    path.join(prefix, 'nginx.conf'),
    `# written by bench/cluster.mjs: Debian's nginx.conf in short, then deploy/nginx/sahyog.conf
${process.getuid?.() === 0 ? 'user root;' : ''}
worker_processes auto;
pid ${path.join(prefix, 'nginx.pid')};
error_log ${path.join(prefix, 'error.log')} warn;
events { worker_connections 4096; }
http {
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    sendfile on;
    tcp_nopush on;
    access_log off;
${temp}
    include ${path.join(prefix, 'sahyog.conf')};
${extra}
}
`,
  );
  return path.join(prefix, 'nginx.conf');
}

const upstreamFile = (prefix) => path.join(prefix, 'sahyog-upstream.conf');

/**
 * One half of deploy/rolling-restart.sh's step on this run's nginx: 'out' (the process marked down, nginx reloaded,
 * no connection left to it) or 'in' (ready, then back in rotation). The restart between is the bench's own.
 */
export function rotation(step, port, conf, prefix) {
  return new Promise((resolve, reject) => {
    const env = { ...process.env, UPSTREAM_FILE: upstreamFile(prefix), NGINX: `nginx -c ${conf} -p ${prefix}` };
    const c = spawn('sh', [path.join(root, 'deploy', 'rolling-restart.sh'), step, String(port)], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    c.stdout.on('data', (d) => (out += d));
    c.stderr.on('data', (d) => (out += d));
    c.once('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`rolling-restart.sh ${step} ${port} exited ${code}:\n${out}`))));
  });
}

/** nginx in the foreground of a process of ours (never the system's service). */
export async function startNginx(conf, prefix, port) {
  const test = spawnSync('nginx', ['-t', '-q', '-c', conf, '-p', prefix], { encoding: 'utf8' });
  if (test.status !== 0) throw new Error(`nginx -t refused the config:\n${test.stderr}`);
  const proc = child('nginx', ['-c', conf, '-p', prefix, '-g', 'daemon off;'], process.env, 'nginx');
  for (let i = 0; i < 100; i++) {
    if (!proc.alive()) throw new Error(`nginx exited:\n${proc.log()}`);
    try {
      await fetch(`http://127.0.0.1:${port}/_next/static/missing`).then((r) => r.arrayBuffer());
      break;
    } catch {
      await sleep(100);
    }
  }
  // nginx stops gracefully on SIGQUIT
  const stop = proc.stop;
  proc.stop = () => stop('SIGQUIT');
  return proc;
}
