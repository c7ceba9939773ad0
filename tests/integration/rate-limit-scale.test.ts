// Per-address limits may be scaled by configuration (the e2e suite shares one loopback address); others never are.
import { getDb, closeDb, type Db } from '@/lib/db/client';
import { hitRateLimit } from '@/lib/security/rate-limit';
import { resetEnvForTests } from '@/lib/env';

let db: Db;
const RUN = Date.now().toString(36);
beforeAll(async () => {
  db = await getDb();
});
afterAll(async () => {
  delete process.env.PER_ADDRESS_LIMIT_SCALE;
  resetEnvForTests();
  await closeDb();
});

const hits = async (key: string, n: number) => {
  let allowed = 0;
  for (let i = 0; i < n; i++) if ((await hitRateLimit(db, key, { max: 2, windowMs: 60_000 })).allowed) allowed++;
  return allowed;
};

it('unscaled by default; PER_ADDRESS_LIMIT_SCALE multiplies only per-address limits', async () => {
  expect(await hits(`cart:ip:10.0.0.1:${RUN}`, 5)).toBe(2);
  process.env.PER_ADDRESS_LIMIT_SCALE = '2';
  resetEnvForTests();
  expect(await hits(`cart:ip:10.0.0.2:${RUN}`, 6)).toBe(4);
  // a limit per email or per fundraiser keeps its number whatever the configuration
  expect(await hits(`cart:email:a-${RUN}@example.com`, 5)).toBe(2);
});
