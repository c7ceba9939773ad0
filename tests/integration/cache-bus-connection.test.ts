// The cache bus's connection on PostgreSQL: cut by the database, or gone silent, the listener opens another by itself,
// and the server then expires everything it caches, since what was announced in between was missed. On the embedded
// database the listener is in this process and cannot be lost: there each test checks what holds instead.
// first: the log lines this file's server writes are read back (pino writes through the patched stdout)
import { capturedLogLines, logMark } from '../helpers/captured-logs';
import { createRequire } from 'node:module';
import { eq, sql } from 'drizzle-orm';
import { closeDb, databaseKind, getDb, rowsOf, type Db } from '@/lib/db/client';
import { listenToCacheBus, type CacheBusMessage } from '@/lib/cache/bus';
import { LISTENER_APPLICATION_NAME } from '@/lib/db/listen';
import { CACHE_CHANNEL } from '@/lib/constants/cache';
import { CACHE_TAGS, EVERY_PAGE_TAG } from '@/lib/cache/tags';
import { whiteLabelDomains } from '@/lib/db/schema';
import { listFundraisers } from '@/lib/fundraisers/queries';
import { partnerBrand } from '@/lib/whitelabel/brand';
import { readiness } from '@/lib/observability/readiness';
import { followCacheBus } from '@/server/background';
import { nextTagExpiry } from '@/server/next-tags';
import { installMicroCache, MicroCache } from '@/server/micro-cache';
import { makeFundraiser, unique } from '../factories';
import { silentProxy, type SilentProxy } from '../helpers/silent-proxy';

// Next's own check of a cached page against its tags map (what server/next-tags.ts writes)
const { areTagsExpired } = createRequire(`${process.cwd()}/package.json`)('next/dist/server/lib/incremental-cache/tags-manifest.external.js') as {
  areTagsExpired: (tags: string[], cachedAt: number) => boolean;
};

let db: Db;
let kind: 'pglite' | 'postgres';
const stops: (() => Promise<void>)[] = [];
const proxies: SilentProxy[] = [];

beforeAll(async () => {
  db = await getDb();
  kind = await databaseKind();
});
afterAll(async () => {
  for (const stop of stops) await stop();
  for (const proxy of proxies) await proxy.close();
  await closeDb();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(check: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('waited in vain');
    await sleep(25);
  }
}

async function relay(port = 0): Promise<SilentProxy> {
  const proxy = await silentProxy(process.env.DATABASE_URL!, port);
  proxies.push(proxy);
  return proxy;
}

/** What another server announces after its own write. */
const anotherServerAnnounces = (message: object) => db.execute(sql`select pg_notify(${CACHE_CHANNEL}, ${JSON.stringify({ from: 'another-server', ...message })})`);

/** Cuts the bus listeners' connections from the database's side, as a restart or an operator would. */
async function terminateListeners(): Promise<number> {
  const rows = rowsOf<{ pid: number }>(
    await db.execute(sql`select pg_terminate_backend(pid) as pid from pg_stat_activity where application_name = ${LISTENER_APPLICATION_NAME} and datname = current_database()`),
  );
  return rows.length;
}

it('after its bus connection is cut, the server listens again and expires every page, the micro-cache and the in-memory reads: a change announced meanwhile leaves nothing stale', async () => {
  const expiry = nextTagExpiry();
  expect(expiry).not.toBeNull();
  const mark = logMark();
  stops.push(await followCacheBus({ port: 0, taskToken: 'unused', expiry }, { reconnectMs: 1_000 }));
  expect((await readiness()).bus).toBe(true);
  const f = await makeFundraiser(db);
  const host = `${unique('partner')}.example.org`;
  await db.insert(whiteLabelDomains).values({ host, name: 'Before' });
  // the insert's own announcement is heard before this server keeps the brand
  await sleep(300);

  // what this server keeps: the partner's brand, a list's total, a page Next cached, a page in the micro-cache
  expect((await partnerBrand(db, host))?.name).toBe('Before');
  const total = (await listFundraisers(db)).total;
  const pageCachedAt = Date.now();
  const front = installMicroCache(new MicroCache(60_000, 10));
  front.set('story', { status: 200, headers: {}, body: Buffer.from('old'), gzip: Buffer.from(''), storedAt: Date.now() });
  await sleep(5);

  // another server's changes: a brand renamed, a fundraiser taken down
  const changeElsewhere = async () => {
    await db.update(whiteLabelDomains).set({ name: 'After' }).where(eq(whiteLabelDomains.host, host));
    await db.execute(sql`update fundraisers set status_flag = 0 where id = ${f.id}`);
    await anotherServerAnnounces({ fundraisers: [f.id] });
  };
  if (kind === 'postgres') {
    expect(await terminateListeners()).toBe(1);
    await until(async () => !(await readiness()).bus);
    // made while nothing listens: these announcements are lost to this server
    await changeElsewhere();
    await until(() => capturedLogLines(mark).some((line) => String(line.msg).startsWith('Cache bus: listening again')));
    expect((await readiness()).bus).toBe(true);
    // nothing named the page's own tags: only the catch-up can have expired it
    expect(areTagsExpired([EVERY_PAGE_TAG], pageCachedAt)).toBe(true);
  } else {
    // the embedded database's listener lives in this process: the changes are heard as they commit
    await changeElsewhere();
    await until(() => areTagsExpired([CACHE_TAGS.fundraiser(f.id)], pageCachedAt));
  }
  expect(front.get('story')).toBeNull();
  expect((await partnerBrand(db, host))?.name).toBe('After');
  expect((await listFundraisers(db)).total).toBe(total - 1);
});

it('a listener whose connection goes silent without closing is found out by its heartbeat and replaced', async () => {
  const heard: CacheBusMessage[] = [];
  const events: string[] = [];
  const timings = { heartbeatMs: 200, heartbeatTimeoutMs: 600, reconnectMs: 100 };
  const through = kind === 'postgres' ? await relay() : null;
  stops.push(
    await listenToCacheBus((m) => heard.push(m), {
      connectionString: through?.url,
      timings,
      up: (again) => events.push(again ? 'up again' : 'up'),
      down: (reason) => events.push(`down: ${reason}`),
    }),
  );
  expect(events).toEqual(['up']);
  if (through) {
    // the network drops everything, and neither side closes the connection
    through.silence();
    await until(() => events.includes('up again'));
    expect(events).toEqual(['up', `down: no heartbeat back within ${timings.heartbeatTimeoutMs} ms`, 'up again']);
  } else {
    // in process: several heartbeat periods pass without anything to notice
    await sleep(timings.heartbeatMs * 4);
    expect(events).toEqual(['up']);
  }
  // the listener hears again
  await anotherServerAnnounces({ fundraisers: [424242] });
  await until(() => heard.some((m) => 'fundraisers' in m && m.fundraisers.includes(424242)));
});

it('a listener keeps trying while the database refuses it, and listens again once it is back', async () => {
  const events: string[] = [];
  const heard: CacheBusMessage[] = [];
  if (kind === 'pglite') {
    // the embedded database cannot refuse its own process: the listener starts at once and never stops
    stops.push(await listenToCacheBus((m) => heard.push(m), { up: (again) => events.push(again ? 'up again' : 'up'), down: () => events.push('down') }));
    await anotherServerAnnounces({ fundraisers: [434343] });
    await until(() => heard.length > 0);
    expect(events).toEqual(['up']);
    return;
  }
  // a database whose port answers through a relay we can take away and bring back
  const first = await silentProxy(process.env.DATABASE_URL!);
  const port = Number(new URL(first.url).port);
  stops.push(
    await listenToCacheBus((m) => heard.push(m), {
      connectionString: first.url,
      timings: { reconnectMs: 100, reconnectMaxMs: 400 },
      up: (again) => events.push(again ? 'up again' : 'up'),
      down: () => events.push('down'),
    }),
  );
  await first.close();
  await until(() => events.includes('down'));
  // refused for well past the longest wait: it must still be trying when the database returns
  await sleep(1_500);
  await relay(port);
  await until(() => events.includes('up again'), 5_000);
  expect(events).toEqual(['up', 'down', 'up again']);
  await anotherServerAnnounces({ fundraisers: [434343] });
  await until(() => heard.some((m) => 'fundraisers' in m && m.fundraisers.includes(434343)));
});
