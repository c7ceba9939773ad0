// The operations desk: a support person finds a gift by the donor's email, refunds half of it with a reason, and the
// story's raised total, the order page's ledger lines and the donor's portfolio all follow; someone who is not staff
// is told /desk does not exist. With SHOTS_DIR set, the order page is photographed at 390 and 1366 px in en and ar.
import fs from 'node:fs';
import { devices, expect, test, type Browser, type Cookie, type Page } from '@playwright/test';
import { logIn } from './support/sign-in';
import { paidThankYouPath } from './support/donation';
import { formatMoney } from '../lib/money';

const DIR = process.env.SHOTS_DIR;
const DONOR = 'donor19@demo.sahyog.in';
const SUPPORT = 'support@demo.sahyog.in';
const SIZES = { 390: { ...devices['iPhone 13'], viewport: { width: 390, height: 844 } }, 1366: { viewport: { width: 1366, height: 900 } } } as const;


async function fitsItsWidth(page: Page) {
  const { scroll, inner } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  expect(scroll, `${page.url()} is wider than the screen`).toBeLessThanOrEqual(inner);
}

async function shootOrderPage(browser: Browser, orderPath: string, session: Cookie[]) {
  if (DIR) fs.mkdirSync(DIR, { recursive: true });
  for (const [width, options] of Object.entries(SIZES)) {
    for (const prefix of ['', '/ar']) {
      const context = await browser.newContext(options);
      await context.addCookies(session);
      const page = await context.newPage();
      await page.goto(`${prefix}${orderPath}`);
      await expect(page.getByTestId('desk-order-status')).toBeVisible();
      await fitsItsWidth(page);
      if (DIR) await page.screenshot({ path: `${DIR}/desk-order-${prefix ? 'ar' : 'en'}-${width}.png`, fullPage: true });
      // the search with its result, on the same screen sizes
      await page.goto(`${prefix}/desk?${new URLSearchParams({ q: DONOR })}`);
      await expect(page.getByTestId('desk-hit').first()).toBeVisible();
      await fitsItsWidth(page);
      if (DIR) await page.screenshot({ path: `${DIR}/desk-search-${prefix ? 'ar' : 'en'}-${width}.png` });
      await context.close();
    }
  }
}

test('support finds a gift by email and refunds half with a reason; the story, the ledger and the portfolio follow', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const list = await (await page.request.get('/api/fundraisers?limit=100&status=active')).json();
  const f = list.data.find((x: { currency: string; is_ended: boolean; is_private: boolean }) => x.currency === 'INR' && !x.is_ended && !x.is_private);

  // the donor gives ₹1,000 signed in, so the gift is in their portfolio
  await logIn(page, DONOR);
  await paidThankYouPath(page.request, f, { donated_amount: 1000, donor_name: 'Desk Donor', donor_email: DONOR });
  // the story's raised total as its page and API read it (the page rounds large sums; the API's minor units are exact)
  const raised = async () => (await (await page.request.get(`/api/fundraisers/${f.id}`)).json()).data.raised_minor as number;
  const raisedBefore = await raised();
  await page.goto(`/stories/${f.custom_tag}`);
  await expect(page.getByTestId('raised').first()).toHaveText(formatMoney(raisedBefore, 'INR', 'en'));

  // someone who is not staff: the desk does not exist for them
  const notStaff = await page.goto('/desk');
  expect(notStaff?.status()).toBe(404);

  // support finds it by the donor's email
  const deskContext = await browser.newContext();
  const desk = await deskContext.newPage();
  await logIn(desk, SUPPORT);
  await desk.goto('/desk');
  await desk.getByLabel('Order id, payment id, email or phone').fill(DONOR.toUpperCase());
  await desk.getByRole('button', { name: 'Search' }).click();
  const hit = desk.getByTestId('desk-hit').filter({ hasText: '₹1,000' }).first();
  await expect(hit).toContainText(f.title);
  await hit.getByRole('link').click();
  await expect(desk).toHaveURL(/\/desk\/orders\/SHY\w+$/);
  const orderPath = new URL(desk.url()).pathname;
  await expect(desk.getByTestId('desk-order-status')).toHaveText('Paid');
  await expect(desk.getByTestId('desk-ledger-line')).toHaveCount(1);

  // half, with a reason: the reason is required
  await desk.getByLabel('Amount (INR)').fill('500');
  await desk.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(desk.locator('#desk-refund-reason-error')).toBeVisible();
  await desk.getByLabel('Reason').fill('The donor paid twice by mistake');
  await desk.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(desk.getByRole('status')).toContainText('The refund was sent to the payment service.');

  // the order page: a refund line beside the donation, and the refund with its reason and who asked
  await expect(desk.getByTestId('desk-ledger-line')).toHaveCount(2);
  await expect(desk.getByTestId('desk-ledger-line').filter({ hasText: 'Refund' })).toContainText('-₹500');
  await expect(desk.getByTestId('desk-refunds')).toContainText('The donor paid twice by mistake');
  await expect(desk.getByTestId('desk-refunds')).toContainText('Desk Support');
  await expect(desk.getByTestId('desk-order-status')).toHaveText('Paid');

  // the story's raised total is ₹500 less, on its page too (not a cached copy)
  expect(await raised()).toBe(raisedBefore - 50_000);
  await page.goto(`/stories/${f.custom_tag}`);
  await expect(page.getByTestId('raised').first()).toHaveText(formatMoney(raisedBefore - 50_000, 'INR', 'en'));

  // the donor's portfolio says what came back
  await page.goto('/portfolio');
  const gift = page.getByTestId('transaction').first();
  await expect(gift.getByRole('link', { name: f.title })).toBeVisible();
  await expect(gift.getByTestId('txn-refunded')).toHaveText('₹500 refunded');

  const session = await deskContext.cookies();
  await deskContext.close();
  await shootOrderPage(browser, orderPath, session);
});

test('every desk page fits a phone and a laptop, in English and Arabic', async ({ browser }) => {
  test.setTimeout(180_000);
  const signIn = await browser.newContext();
  await logIn(await signIn.newPage(), 'admin@demo.sahyog.in');
  const session = await signIn.cookies();
  await signIn.close();
  if (DIR) fs.mkdirSync(DIR, { recursive: true });
  for (const [width, options] of Object.entries(SIZES)) {
    for (const prefix of ['', '/ar']) {
      const context = await browser.newContext(options);
      await context.addCookies(session);
      const page = await context.newPage();
      for (const section of ['staff', 'audit', 'refunds', 'partners', 'coupons', 'export']) {
        await page.goto(`${prefix}/desk/${section}`);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await fitsItsWidth(page);
        if (DIR) await page.screenshot({ path: `${DIR}/desk-${section}-${prefix ? 'ar' : 'en'}-${width}.png` });
      }
      await context.close();
    }
  }
});
