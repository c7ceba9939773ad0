import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

// Demo accounts (demo/seed.ts) all share DEMO_PASSWORD. donor1 and donor2 have SIPs (the SIP guard
// sends them to /sip), so the donation journey uses another demo donor.
const DEMO_PASSWORD = process.env.E2E_DEMO_PASSWORD ?? 'Sahyog@2026';
const DONOR = 'donor7@demo.sahyog.in';
const OTHER_DONOR = 'donor8@demo.sahyog.in';
const PAUSED_SIP_DONOR = 'donor2@demo.sahyog.in';

// the sign-in page's fields: change here if its labels change
async function logIn(page: Page, email: string, redirectUri = '/portfolio') {
  await page.goto(`/new/signin?redirect_uri=${encodeURIComponent(redirectUri)}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(new RegExp(`${redirectUri.replace(/\//g, '\\/')}$`));
}

/** Gives ₹1,000 by card through the sandbox gateway and answers the receipt number from the thank-you page. */
async function donate(page: Page, request: APIRequestContext): Promise<{ orderId: string; title: string }> {
  const list = await (await request.get('/api/fundraisers?limit=100&status=active')).json();
  const f = list.data.find((x: { currency: string; is_ended: boolean; is_private: boolean }) => x.currency === 'INR' && !x.is_ended && !x.is_private);
  await page.goto(`/stories/${f.custom_tag}`);
  await page.getByTestId('contribute').first().click();
  await expect(page).toHaveURL(/\/new\/payment\?ct=.+&id=\d+&payment=form/);
  await page.getByLabel('Full name').fill('Portfolio Donor');
  await page.getByLabel('Email').fill(`portfolio-${Date.now()}@example.com`);
  await page.getByLabel('Mobile number').fill('98765 43210');
  await page.getByRole('button', { name: /₹1,000/ }).first().click();
  await page.getByLabel('Debit or credit card').check();
  await page.getByRole('button', { name: /^Contribute/ }).click();
  await page.getByRole('button', { name: 'Pay (success)' }).click();
  await expect(page.getByTestId('thank-you')).toBeVisible({ timeout: 20_000 });
  const receipt = (await page.getByTestId('receipt-number').textContent())!;
  return { orderId: /SHY\w+/.exec(receipt)![0], title: f.title };
}

test('a signed-in donor gives, sees the donation first in the portfolio, and opens its printable receipt @phone', async ({ page, request, browser }) => {
  await logIn(page, DONOR);
  await expect(page.getByRole('heading', { level: 1, name: 'My donations' })).toBeVisible();
  const before = Number((await page.getByTestId('donation-count').textContent())!.replace(/\D/g, ''));

  const { orderId, title } = await donate(page, request);

  await page.goto('/portfolio');
  await expect(page.getByTestId('donation-count')).toHaveText(String(before + 1));
  const first = page.getByTestId('transaction').first();
  await expect(first.getByRole('link', { name: title })).toBeVisible();
  await expect(first).toContainText('₹1,000');
  await expect(first).toContainText('Successful');
  await first.getByRole('link', { name: `View receipt ${orderId}` }).click();

  await expect(page).toHaveURL(new RegExp(`/portfolio/receipts/${orderId}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Donation receipt' })).toBeVisible();
  await expect(page.getByTestId('receipt-order-id')).toHaveText(orderId);
  await expect(page.getByTestId('receipt-total')).toHaveText('₹1,000');
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
  // paper shows the receipt alone
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await page.emulateMedia({ media: 'screen' });

  // another donor cannot open it
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await logIn(otherPage, OTHER_DONOR);
  const response = await otherPage.goto(`/portfolio/receipts/${orderId}`);
  expect(response!.status()).toBe(404);
  await other.close();
});

test('the profile form shows the spec 5 messages, saves, and takes a picture but not a disguised file', async ({ page }) => {
  await logIn(page, OTHER_DONOR, '/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'My profile' })).toBeVisible();
  await page.getByLabel('Full name').fill('R2D2');
  await page.getByLabel('PAN').fill('ABC');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Please enter a valid name')).toBeVisible();
  await expect(page.getByText('Please enter a valid PAN')).toBeVisible();
  await page.getByLabel('Full name').fill('Ravi Kumar');
  await page.getByLabel('PAN').fill('abcde1234f');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your profile has been saved.' })).toBeVisible();

  const file = page.getByLabel('Choose a picture');
  await file.setInputFiles({ name: 'evil.png', mimeType: 'image/png', buffer: Buffer.from('<html><script>alert(1)</script></html>') });
  await expect(page.getByText('Unsupported file format')).toBeVisible();
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
  await file.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  // re-encoded without metadata as a 256 px webp, under a generated name
  await expect(page.getByRole('img', { name: 'Your profile picture' })).toHaveAttribute('src', /^\/media\/uploads\/[a-f0-9]{32}-avatar\.webp$/);
  const src = (await page.getByRole('img', { name: 'Your profile picture' }).getAttribute('src'))!;
  const served = await page.request.get(src);
  expect(served.headers()['content-type']).toBe('image/webp');
  expect(served.headers()['x-content-type-options']).toBe('nosniff');

  await page.reload();
  await expect(page.getByLabel('Full name')).toHaveValue('Ravi Kumar');
  await expect(page.getByLabel('PAN')).toHaveValue('ABCDE1234F');
});

test('a donor whose SIP is paused sees the inactive-user message and how to get in touch', async ({ page }) => {
  await logIn(page, PAUSED_SIP_DONOR, '/sip/inactiveuser');
  await expect(page.getByRole('heading', { level: 1, name: 'Your monthly SIP is paused' })).toBeVisible();
  await expect(page.getByTestId('sip-inactive')).toContainText('get in touch');
  await expect(page.getByRole('main').getByRole('link', { name: /^Call / })).toHaveAttribute('href', /^tel:/);
});

test('portfolio pages send a visitor to sign-in with the page to come back to, in their language', async ({ page }) => {
  await page.goto('/hi/portfolio');
  // the page itself keeps the locale in redirect_uri (%2Fhi%2Fportfolio); the middleware guard, which answers first, may not
  await expect(page).toHaveURL(/\/hi\/new\/signin\?redirect_uri=%2F(hi%2F)?portfolio$/);
  await page.goto('/manage/list');
  await expect(page).toHaveURL(/\/new\/signin\?redirect_uri=%2Fmanage%2Flist$/);
});
