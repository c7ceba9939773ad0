// Spec 4: a failed payment goes back by the page it started from, each with st=f, and every one of those
// pages exists and says the payment did not go through: none is "Page not found". A gift from an update's page (its
// email's link, spec 2 /new/campaign/campaign_update) comes back to that update with a way to try again. A return
// carrying another order's result from the thank-you page goes home.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

type Fundraiser = { id: number; custom_tag: string; currency: string; is_ended: boolean; is_private: boolean };

async function rupeeFundraisers(request: APIRequestContext): Promise<Fundraiser[]> {
  const list = await (await request.get('/api/fundraisers?limit=100&status=active')).json();
  return list.data.filter((x: Fundraiser) => x.currency === 'INR' && !x.is_ended && !x.is_private);
}

/** A gift placed through the API with this origin and sent to the sandbox gateway: the sandbox checkout's address. */
async function checkoutFor(request: APIRequestContext, f: Fundraiser, origin: string) {
  const cart = await request.post(`/api/fundraisers/${f.id}/cart`, { data: { donated_amount: 500, currency: 'INR', donor_name: 'Meera Iyer', donor_email: `meera-${origin}-${Date.now()}@example.com`, donor_phone: '9876543210' } });
  expect(cart.status()).toBe(201);
  const order = await request.post(`/api/fundraisers/${f.id}/order`, { data: { cart_id: (await cart.json()).data.id, mode: 'CARD', origin } });
  const sent = await request.post('/api/payment/send', { data: { order_id: (await order.json()).data.order_id } });
  return (await sent.json()).data.url as string;
}

/** On a real page (not the 404), telling the donor the payment failed, with nothing wider than the screen. */
async function saysItFailed(page: Page) {
  await expect(page.getByTestId('payment-failed')).toHaveText('Payment failed: Payment declined by the bank');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

const origins: [string, (f: Fundraiser) => RegExp][] = [
  ['f', (f) => new RegExp(`/stories/${f.custom_tag}\\?st=f&reason=`)],
  ['s', (f) => new RegExp(`/stories/${f.custom_tag}\\?st=f&reason=`)],
  ['tp', (f) => new RegExp(`/new/thankyou/${f.custom_tag}\\?st=f&reason=`)],
  ['ps', (f) => new RegExp(`/new/payment\\?ct=${f.custom_tag}&id=${f.id}&payment=form&st=f&reason=`)],
  ['tann', () => /\/new\/anniversary\?st=f&reason=/],
  ['tip', () => /\/new\/standalonetip\?st=f&reason=/],
  ['rfd', () => /\/payment-failed\?st=f&reason=/],
];

for (const [origin, target] of origins) {
  test(`a failed payment from origin ${origin} lands on a real page that says so`, async ({ page, request }) => {
    const [f] = await rupeeFundraisers(request);
    await page.goto(await checkoutFor(request, f, origin));
    await page.getByRole('button', { name: 'Fail the payment' }).click();
    await expect(page).toHaveURL(target(f), { timeout: 20_000 });
    await saysItFailed(page);
    if (origin === 'tp') {
      // the thank-you page tells of the failure, never thanks, and offers to try again
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment failed');
      await expect(page.getByText(/Thank you/)).toHaveCount(0);
      await page.getByTestId('payment-retry').click();
      await expect(page).toHaveURL(/\/new\/payment\?ct=.+&or=tp/);
      await expect(page.getByTestId('payment-form')).toBeVisible();
    }
  });
}

test('from an update to a failed payment and back to the update, which offers to try again @phone', async ({ page, request }) => {
  // a running fundraiser with updates (the demo has them)
  let chosen: { f: Fundraiser; updateId: number } | null = null;
  for (const f of await rupeeFundraisers(request)) {
    const updates = await (await request.get(`/api/fundraisers/${f.id}/updates`)).json();
    if (updates.data?.length) {
      chosen = { f, updateId: updates.data[0].id };
      break;
    }
  }
  expect(chosen).not.toBeNull();
  const { f, updateId } = chosen!;
  await page.goto(`/new/campaign/campaign_update?ct=${f.custom_tag}&update=${updateId}`);
  await expect(page.getByTestId('update-body')).toBeVisible();
  await expect(page.getByTestId('pay-summary')).toBeVisible();
  // the main action is inside the first screen
  const contribute = page.getByTestId('contribute');
  await expect(contribute).toBeInViewport();
  await contribute.click();
  await expect(page).toHaveURL(new RegExp(`/new/payment\\?ct=${f.custom_tag}&id=${f.id}&payment=form&or=up&update=${updateId}`));
  await page.getByLabel('Full name').fill('Meera Iyer');
  await page.getByLabel('Email').fill(`meera-up-${Date.now()}@example.com`);
  await page.getByLabel('Mobile number').fill('98765 43210');
  await page.getByLabel('Debit or credit card').check();
  await page.getByRole('button', { name: /^Contribute/ }).click();
  await page.getByRole('button', { name: 'Fail the payment' }).click();
  await expect(page).toHaveURL(new RegExp(`/new/campaign/campaign_update\\?ct=${f.custom_tag}&update=${updateId}&st=f&reason=`), { timeout: 20_000 });
  await saysItFailed(page);
  await expect(page.getByTestId('update-body')).toBeVisible();
  // one way to give again: the notice's, inside the first screen
  await expect(page.getByTestId('contribute')).toHaveCount(0);
  await expect(page.getByTestId('payment-retry')).toBeInViewport();
  await page.getByTestId('payment-retry').click();
  await expect(page).toHaveURL(new RegExp(`or=up&update=${updateId}`));
});

test("a return carrying another order's result from the thank-you page goes home", async ({ page, request }) => {
  const [f] = await rupeeFundraisers(request);
  await page.goto(`/new/payment-route?oi=SHYOURS0001&order_id=SHYOTHER0002&or=tp&ct=${f.custom_tag}&id=${f.id}`);
  await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Help someone in need today');
});
