// spec 4: on a phone, UPI opens the gateway (the UPI app) and the payment page waits with a UPI timer.
// The e2e server shortens the wait to VPA_PENDING_TIMEOUT_MS=6000 (playwright.config.ts); polling stays 5 s.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

async function openPaymentForm(page: Page, request: APIRequestContext) {
  const list = await (await request.get('/api/fundraisers?limit=100&status=active')).json();
  const f = list.data.find((x: { currency: string; is_ended: boolean }) => x.currency === 'INR' && !x.is_ended);
  await page.goto(`/stories/${f.custom_tag}`);
  await page.getByTestId('contribute').first().click();
  await expect(page).toHaveURL(/\/new\/payment\?ct=.+&id=\d+&payment=form/);
  await page.getByLabel('Full name').fill('Meera Iyer');
  await page.getByLabel('Email').fill(`meera-upi-${Date.now()}@example.com`);
  await page.getByLabel('Mobile number').fill('98765 43210');
  await page.getByRole('button', { name: /₹1,000/ }).first().click();
  return f as { custom_tag: string };
}

/** UPI app is the first choice for rupees; the tap on Contribute opens the UPI app and the page starts waiting. */
async function contributeByUpiApp(page: Page) {
  await page.getByLabel('UPI app').check();
  const [app] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: /^Contribute/ }).click()]);
  await expect(app).toHaveURL(/\/payment\/sandbox\?gateway_order_id=sbx_order_/);
  // a way back into the app for a donor who closed it, secondary
  const again = page.getByRole('link', { name: 'Open your UPI app to pay' });
  await expect(again).toHaveAttribute('href', /\/payment\/sandbox\?gateway_order_id=sbx_order_/);
  await expect(again).toHaveAttribute('target', '_blank');
  // the timer starts from the configured pending timeout (6 s here)
  await expect(page.getByRole('timer', { name: 'UPI timer' })).toHaveText(/^00:0[0-6]$/);
  await expect(page.getByTestId('vpa-waiting')).toHaveText('Complete the payment in your UPI app. This page updates by itself.');
  // no QR code on a phone
  await expect(page.getByTestId('upi-qr')).toHaveCount(0);
  return app;
}

test('UPI on a phone: the donor opens the UPI app, pays there, and the waiting page moves on to the thank-you page @phone-only', async ({ page, request }) => {
  await openPaymentForm(page, request);
  const app = await contributeByUpiApp(page);
  await expect(app.getByRole('heading', { name: 'Sandbox checkout' })).toBeVisible();
  await app.getByRole('button', { name: 'Pay (success)' }).click();
  await expect(app.getByTestId('thank-you')).toBeVisible({ timeout: 20_000 });
  // the waiting page polls every 5 s and follows on its own
  await expect(page.getByTestId('thank-you')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you, Meera Iyer!');
});

test('UPI on a phone: a declined payment shows the failure on the waiting page @phone-only', async ({ page, request }) => {
  await openPaymentForm(page, request);
  const app = await contributeByUpiApp(page);
  await app.getByRole('button', { name: 'Fail the payment' }).click();
  await expect(page.getByText('Payment failed: Payment declined by the bank')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('upi-timer')).toHaveCount(0);
  // with the two ways on, the details still in the form
  await expect(page.getByTestId('payment-retry')).toBeVisible();
  await expect(page.getByTestId('payment-other-way')).toBeVisible();
  await expect(page.getByLabel('Full name')).toHaveValue('Meera Iyer');
});

test('UPI on a phone: nothing paid before the timer runs out ends with the bank-status message @phone-only', async ({ page, request }) => {
  await openPaymentForm(page, request);
  await contributeByUpiApp(page);
  await expect(page.getByTestId('vpa-timeout')).toHaveText('Payment failed or pending, please check bank status', { timeout: 20_000 });
  await expect(page.getByTestId('upi-timer')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Open your UPI app to pay' })).toHaveCount(0);
});
