import type { APIRequestContext } from '@playwright/test';

/**
 * One paid sandbox donation through the API, as a donor's browser makes it (the request context keeps the cart's
 * checkout access cookie for its order and send); answers the thank-you address that donor lands on, with
 * the gateway's signed return that the payment route carries there, so any browser opening it sees the donor's page.
 */
export async function paidThankYouPath(
  request: APIRequestContext,
  f: { id: number },
  donor = { donated_amount: 500, donor_name: 'Layout Donor', donor_email: 'layout@example.com' },
): Promise<string> {
  const post = async (path: string, data: unknown) => {
    const res = await request.post(path, { data });
    if (!res.ok()) throw new Error(`${path}: ${res.status()} ${await res.text()}`);
    return res.json();
  };
  const cart = await post(`/api/fundraisers/${f.id}/cart`, { ...donor, currency: 'INR', donor_phone: '9876543210' });
  const order = await post(`/api/fundraisers/${f.id}/order`, { cart_id: cart.data.id, mode: 'UPI' });
  const sent = await post('/api/payment/send', { order_id: order.data.order_id });
  const checkout = new URL(sent.data.url);
  const paid = await request.post('/api/payment/sandbox/complete', { form: { gateway_order_id: checkout.searchParams.get('gateway_order_id')!, status: 'success', return_url: checkout.searchParams.get('return_url')! }, maxRedirects: 0 });
  // the gateway's return, as new/payment-route reads it: its own params (oi, origin, ct, id) and the gateway's signed ones
  const back = new URL(paid.headers().location);
  const signed = [...back.searchParams].filter(([k]) => !['oi', 'or', 'origin', 'ct', 'id'].includes(k));
  const result = await post(`/api/payment/response/${order.data.order_id}`, Object.fromEntries(signed));
  const thankYou = new URL(result.data.redirect, back);
  for (const [k, v] of signed) thankYou.searchParams.set(k, v);
  return `${thankYou.pathname}${thankYou.search}`;
}
