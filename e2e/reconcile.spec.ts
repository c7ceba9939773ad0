// With the server running on the embedded database, its job runner credits a paid order whose webhook
// never came and expires one nobody paid (the second e2e server reconciles every 2 s, unpaid orders expire after 4 s).
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { JOBS_LOG, JOBS_PORT } from '../playwright.config';

test.use({ baseURL: `http://localhost:${JOBS_PORT}` });

test('reconciliation credits a payment whose webhook was lost, and expires an unpaid order', async ({ request }) => {
  const post = async (path: string, data: unknown) => (await request.post(path, { data })).json();
  const list = await (await request.get('/api/fundraisers?limit=20&status=active')).json();
  const f = list.data.find((x: { currency: string; is_private?: boolean }) => x.currency === 'INR' && !x.is_private);
  const raised = async () => (await (await request.get(`/api/fundraisers/${f.id}`)).json()).data.raised_minor as number;
  const before = await raised();
  const place = async (email: string) => {
    const cart = await post(`/api/fundraisers/${f.id}/cart`, { donated_amount: 700, donor_name: 'Lost Webhook', donor_email: email, currency: 'INR', donor_phone: '9876543210' });
    const order = await post(`/api/fundraisers/${f.id}/order`, { cart_id: cart.data.id, mode: 'UPI' });
    const sent = await post('/api/payment/send', { order_id: order.data.order_id });
    return { orderId: order.data.order_id as string, checkout: new URL(sent.data.url) };
  };
  const paid = await place('lost.webhook@example.com');
  // the donor pays and closes the tab before coming back; the gateway's webhook never arrives
  const complete = await request.post('/api/payment/sandbox/complete', {
    form: { gateway_order_id: paid.checkout.searchParams.get('gateway_order_id')!, status: 'success', return_url: paid.checkout.searchParams.get('return_url')!, webhook: 'lost' },
    maxRedirects: 0,
  });
  expect(complete.status()).toBe(303);
  const statusOf = async (oi: string) => (await (await request.get(`/api/orders/${oi}`)).json()).data.status as string;
  const unpaid = await place('never.paid@example.com');

  await expect.poll(async () => [await statusOf(paid.orderId), await statusOf(unpaid.orderId)], { timeout: 30_000, intervals: [1000] }).toEqual(['success', 'failed']);
  // and it was a reconcile pass that credited it, not the sandbox's answer (reading the status at once raced the 2 s pass)
  const reconciled = () => fs.readFileSync(JOBS_LOG, 'utf8').split('\n').some((l) => l.includes('Reconciled') && l.includes(`"${paid.orderId} `));
  await expect.poll(reconciled, { timeout: 10_000 }).toBe(true);
  // credited once, and the story's cached total expired with it
  await expect.poll(raised, { timeout: 10_000 }).toBe(before + 70_000);
  await new Promise((r) => setTimeout(r, 4_000));
  expect(await raised()).toBe(before + 70_000);
});
