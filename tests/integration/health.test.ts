// /api/health/live answers while the process runs; /api/health/ready only while it should be sent requests: not
// draining, the cache bus heard, the database answering. The readiness state is set the way our server sets it.
import http from 'node:http';
import { EventEmitter } from 'node:events';
import { GET as live } from '@/app/api/health/live/route';
import { GET as ready } from '@/app/api/health/ready/route';
import { GET as health } from '@/app/api/health/route';
import { closeDb, getDb } from '@/lib/db/client';
import { resetEnvForTests } from '@/lib/env';
import { followCacheBus } from '@/server/background';
import { nextTagExpiry } from '@/server/next-tags';
import { stopOnSignal } from '@/server/shutdown';
import { call } from '../helpers/db';

const stops: (() => Promise<void>)[] = [];
beforeAll(async () => {
  await getDb();
});
afterAll(async () => {
  // the embedded database's listener went with the database the last test closed
  for (const stop of stops) await stop().catch(() => {});
  await closeDb();
});

const readyNow = () => call(ready, '/api/health/ready', {});

it('live answers 200 without asking the database', async () => {
  const r = await call(live, '/api/health/live', {});
  expect(r.status).toBe(200);
  expect(r.body).toEqual({ status: 'live' });
});

it('ready is 503, naming the bus, until the server follows the cache bus; then 200', async () => {
  const before = await readyNow();
  expect(before.status).toBe(503);
  expect(before.body).toEqual({ status: 'not_ready', draining: false, bus: false, database: true });
  stops.push(await followCacheBus({ port: 0, taskToken: 'unused', expiry: nextTagExpiry() }));
  const after = await readyNow();
  expect(after.status).toBe(200);
  expect(after.body).toEqual({ status: 'ready', draining: false, bus: true, database: true });
});

it('the first SIGTERM makes ready 503, naming draining, while the request in flight is still answered', async () => {
  let answer = () => {};
  let arrived = () => {};
  const inServer = new Promise<void>((resolve) => (arrived = resolve));
  const server = http.createServer((req, res) => {
    answer = () => res.end('done');
    arrived();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as import('node:net').AddressInfo;
  const signals = new EventEmitter();
  let exited: (code: number) => void = () => {};
  const exit = new Promise<number>((resolve) => (exited = resolve));
  stopOnSignal(server, { stopBackground: async () => {}, closeDb: async () => {}, exit: (code) => exited(code), graceMs: 5_000 }, signals);
  const inFlight = fetch(`http://127.0.0.1:${port}/`).then((r) => r.text());
  await inServer;
  signals.emit('SIGTERM');
  const r = await readyNow();
  expect(r.status).toBe(503);
  expect(r.body).toEqual({ status: 'not_ready', draining: true, bus: true, database: true });
  answer();
  expect(await inFlight).toBe('done');
  expect(await exit).toBe(0);
});

it('ready is 503, naming the database, while the database does not answer (the old health check says the same); it counts again once it answers', async () => {
  const saved = process.env.DATABASE_URL;
  await closeDb();
  // nothing listens on port 1
  process.env.DATABASE_URL = 'postgres://postgres@127.0.0.1:1/nowhere';
  resetEnvForTests();
  try {
    const r = await readyNow();
    expect(r.status).toBe(503);
    expect(r.body).toEqual({ status: 'not_ready', draining: true, bus: true, database: false });
    expect((await call(health, '/api/health', {})).status).toBe(503);
  } finally {
    if (saved === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = saved;
    resetEnvForTests();
  }
  // opened again (an embedded one takes seconds, past the readiness wait), it answers again
  await getDb();
  expect((await readyNow()).body.database).toBe(true);
});
