import type { APIRequestContext } from '@playwright/test';

/** One paid sandbox donation through the API, as a donor's browser makes it; answers its thank-you page's path. */
export async function paidThankYouPath(
  request: APIRequestContext,
  f: { id: number },
  donor = { donated_amount: 500, donor_name: 'Layout Donor', donor_email: 'layout@example.com' },
): Promise<string> {
  const post = async (path: string, data: unknown) => (await request.post(path, { data })).json();
  const cart = await post(`/api/fundraisers/${f.id}/cart`, { ...donor, currency: 'INR', donor_phone: '9876543210' });
  const order = await post(`/api/fundraisers/${f.id}/order`, { cart_id: cart.data.id, mode: 'UPI' });
  const sent = await post('/api/payment/send', { order_id: order.data.order_id });
  const checkout = new URL(sent.data.url);
  await request.post('/api/payment/sandbox/complete', { form: { gateway_order_id: checkout.searchParams.get('gateway_order_id')!, status: 'success', return_url: checkout.searchParams.get('return_url')! }, maxRedirects: 0 });
  const back = Object.fromEntries([...new URL(checkout.searchParams.get('return_url')!).searchParams]);
  await post(`/api/payment/response/${order.data.order_id}`, {});
  return `/new/thankyou/${encodeURIComponent(back.ct)}?oi=${order.data.order_id}`;
}
