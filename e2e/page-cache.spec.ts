import { expect, test, type APIRequestContext } from '@playwright/test';
import { JOBS_PORT } from '../playwright.config';

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
  const post = async (path: string, data: unknown) => {
    const res = await request.post(path, { data });
    expect(res.ok(), path).toBe(true);
    return res.json();
  };
  const cart = await post(`/api/fundraisers/${f.id}/cart`, { donated_amount: 300, currency: 'INR', donor_name: 'Lane Donor', donor_email: `lane-${Date.now()}@example.com`, donor_phone: '9876543210' });
  const order = await post(`/api/fundraisers/${f.id}/order`, { cart_id: cart.data.id, mode: 'UPI' });
  const sent = await post('/api/payment/send', { order_id: order.data.order_id });
  const checkout = new URL(sent.data.url);
  const paid = await request.post('/api/payment/sandbox/complete', { form: { gateway_order_id: checkout.searchParams.get('gateway_order_id')!, status: 'success', return_url: checkout.searchParams.get('return_url')! }, maxRedirects: 0 });
  expect(paid.status()).toBe(303);
  const back = new URL(paid.headers().location);
  const params = Object.fromEntries([...back.searchParams].filter(([k]) => !['oi', 'origin', 'ct', 'id'].includes(k)));
  expect((await post(`/api/payment/response/${order.data.order_id}`, params)).data.status).toBe('success');

  // this server's story, rendered after the gift, counts it
  const here = await storedCount(request, baseURL!, f.id);
  expect(await supporters(request, baseURL!, f.custom_tag)).toBe(here);
  // the other database never had the gift: its server shows its own count
  const there = await storedCount(request, other, f.id);
  expect(there).toBeLessThan(here);
  expect(await supporters(request, other, f.custom_tag)).toBe(there);
});
