// Several limits counted in one statement (a cart's address and email limits): each key keeps its own
// window and maximum, a refusal by either refuses, and concurrent counts of the same keys neither deadlock nor lose one.
import { sql } from 'drizzle-orm';
import { getDb, closeDb, type Db } from '@/lib/db/client';
import { hitRateLimits } from '@/lib/security/rate-limit';

let db: Db;
const RUN = Date.now().toString(36);
beforeAll(async () => {
  db = await getDb();
});
afterAll(async () => {
  await closeDb();
});

const countOf = async (key: string) => Number(((await db.execute(sql`select count from rate_limits where key = ${key}`)) as unknown as { rows: { count: number }[] }).rows[0]?.count ?? 0);

it('counts every key at once, each with its own window and maximum', async () => {
  const ip = { key: `cart:ip:10.1.0.1:${RUN}`, rule: { max: 3, windowMs: 60_000 } };
  const email = { key: `cart:email:w-${RUN}@example.com`, rule: { max: 2, windowMs: 10_000 } };
  const t0 = new Date('2026-11-25T10:00:00Z');
  const at = (s: number) => new Date(t0.getTime() + s * 1000);
  expect((await hitRateLimits(db, [ip, email], t0)).allowed).toBe(true);
  expect((await hitRateLimits(db, [ip, email], at(1))).allowed).toBe(true);
  // the email's third attempt in its 10 s window is refused, and says when its window ends
  const third = await hitRateLimits(db, [ip, email], at(2));
  expect(third).toEqual({ allowed: false, remaining: 0, retryAfterS: 8 });
  expect(await countOf(ip.key)).toBe(3);
  expect(await countOf(email.key)).toBe(3);
  // 11 s on, the email's window has started again; the address's minute has not, and its fourth attempt is refused
  const later = await hitRateLimits(db, [ip, email], at(11));
  expect(later.allowed).toBe(false);
  expect(later.retryAfterS).toBe(49);
  expect(await countOf(email.key)).toBe(1);
  expect(await countOf(ip.key)).toBe(4);
});

it('a key given twice counts once', async () => {
  const key = `otp:ip:10.1.0.2:${RUN}`;
  await hitRateLimits(db, [{ key, rule: { max: 5, windowMs: 60_000 } }, { key, rule: { max: 5, windowMs: 60_000 } }]);
  expect(await countOf(key)).toBe(1);
});

it('concurrent counts of the same keys, named in either order, all land', async () => {
  const a = { key: `cart:ip:10.1.0.3:${RUN}`, rule: { max: 1000, windowMs: 60_000 } };
  const b = { key: `cart:email:c-${RUN}@example.com`, rule: { max: 1000, windowMs: 60_000 } };
  await Promise.all(Array.from({ length: 40 }, (_, i) => hitRateLimits(db, i % 2 ? [a, b] : [b, a])));
  expect(await countOf(a.key)).toBe(40);
  expect(await countOf(b.key)).toBe(40);
});
