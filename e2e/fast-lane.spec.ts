import { expect, test } from '@playwright/test';

// The server answers a donation's API writes in its fast lane, outside Next's router (server/fast-lane.ts).
// Here on the real server: every write is taken there, and a story Next holds in its cache shows the gift as soon as
// the donor's return is answered. The lane expires Next's tags through Next's own tags manifest (server/next-tags.ts):
// if a Next upgrade moves it, this fails.
test('a donation through the fast lane shows on the cached story as soon as the return is answered', async ({ request }) => {
  const list = await (await request.get('/api/fundraisers?limit=50&status=active')).json();
  const f = list.data.filter((x: { currency: string }) => x.currency === 'INR').at(-1);
  const supporters = async () => {
    const res = await request.get(`/stories/${encodeURIComponent(f.custom_tag)}`);
    expect(res.status()).toBe(200);
    const html = await res.text();
    const count = /data-testid="supporters-count">([^<]*)</.exec(html)?.[1] ?? '';
    return { count: Number(count.replace(/\D/g, '')), cache: res.headers()['x-nextjs-cache'] ?? res.headers()['x-micro-cache'] ?? 'none' };
  };
  // rendered once, then served from a cache (Next's, or the micro-cache in front of it)
  const before = (await supporters()).count;
  await expect.poll(async () => (await supporters()).cache).toMatch(/HIT|STALE/);

  const laneAnswers: string[] = [];
  const post = async (path: string, data: unknown) => {
    const res = await request.post(path, { data });
    laneAnswers.push(`${path.split('/').slice(0, 4).join('/')} ${res.headers()['x-fast-lane'] ?? '-'} ${res.headers()['x-content-type-options'] ?? '-'}`);
    expect(res.ok(), path).toBe(true);
    return res.json();
  };
  const cart = await post(`/api/fundraisers/${f.id}/cart`, { donated_amount: 250, currency: 'INR', donor_name: 'Fast Lane Donor', donor_email: `fast-lane-${Date.now()}@example.com`, donor_phone: '9876543210' });
  const order = await post(`/api/fundraisers/${f.id}/order`, { cart_id: cart.data.id, mode: 'UPI' });
  const sent = await post('/api/payment/send', { order_id: order.data.order_id });
  const checkout = new URL(sent.data.url);
  const paid = await request.post('/api/payment/sandbox/complete', { form: { gateway_order_id: checkout.searchParams.get('gateway_order_id')!, status: 'success', return_url: checkout.searchParams.get('return_url')!, webhook: 'lost' }, maxRedirects: 0 });
  expect(paid.status()).toBe(303);
  expect(paid.headers()['x-fast-lane']).toBe('1');
  const back = new URL(paid.headers().location);
  const params = Object.fromEntries([...back.searchParams].filter(([k]) => !['oi', 'origin', 'ct', 'id'].includes(k)));
  const result = await post(`/api/payment/response/${order.data.order_id}`, params);
  expect(result.data.status).toBe('success');
  // each write answered in the lane, with the headers every answer of ours carries
  expect(laneAnswers.every((a) => a.endsWith(' 1 nosniff'))).toBe(true);

  // no waiting: the next look at the story already counts the gift
  expect((await supporters()).count).toBe(before + 1);
});

test('what the fast lane does not take still goes to Next', async ({ request }) => {
  // a trailing slash is Next's to redirect; a page and a GET are Next's to answer
  const slash = await request.post('/api/payment/send/', { data: {}, maxRedirects: 0 });
  expect(slash.headers()['x-fast-lane']).toBeUndefined();
  expect((await request.get('/api/health')).headers()['x-fast-lane']).toBeUndefined();
  const webhook = await request.post('/api/webhooks/sandbox', { data: { event_id: 'evt_e2e_forged', type: 'payment.success' }, headers: { 'x-sandbox-signature': '0'.repeat(64) } });
  expect(webhook.status()).toBe(400);
  expect(webhook.headers()['x-fast-lane']).toBe('1');
});
