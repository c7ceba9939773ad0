import { expect, test, type APIRequestContext } from '@playwright/test';
import { JOBS_PORT } from '../playwright.config';
import { paidThankYouPath } from './support/donation';

// Every server of a lane is started from the same build folder, the lane's server and its jobs server each on a
// database of its own. Next's cached reads are keyed by function and arguments, not by database: kept on disk in the
// shared folder, the story one server rendered after a gift was the story the other showed (next.config.mjs keeps
// them in each server's memory unless PAGE_CACHE_ON_DISK=1).
const other = `http://localhost:${JOBS_PORT}`;

const supporters = async (request: APIRequestContext, origin: string, tag: string) => {
  const res = await request.get(`${origin}/stories/${encodeURIComponent(tag)}`);
  expect(res.status()).toBe(200);
  return Number((/data-testid="supporters-count">([^<]*)</.exec(await res.text())?.[1] ?? '').replace(/\D/g, ''));
};
const storedCount = async (request: APIRequestContext, origin: string, id: number) => (await (await request.get(`${origin}/api/fundraisers/${id}`)).json()).data.donor_count as number;

test('a server of another database, started from the same build, shows its own totals, not the story another server rendered', async ({ request, baseURL }) => {
  const list = await (await request.get('/api/fundraisers?limit=50&status=active')).json();
  // one no other spec gives to
  const f = list.data.filter((x: { currency: string }) => x.currency === 'INR').at(-3);
  await paidThankYouPath(request, f, { donated_amount: 300, donor_name: 'Lane Donor', donor_email: `lane-${Date.now()}@example.com` });

  // this server's story, rendered after the gift, counts it
  const here = await storedCount(request, baseURL!, f.id);
  expect(await supporters(request, baseURL!, f.custom_tag)).toBe(here);
  // the other database never had the gift: its server shows its own count
  const there = await storedCount(request, other, f.id);
  expect(there).toBeLessThan(here);
  expect(await supporters(request, other, f.custom_tag)).toBe(there);
});
