// Withdrawals and a public spending record: the owner of a fundraiser that has raised money adds the bank
// account to pay into and asks for a withdrawal with a photo of the bill; a reviewer approves it and marks it paid with
// the bank's reference; the story shows it under "How funds are used". Both pages fit a 390 px phone, in Arabic too.
import sharp from 'sharp';
import { expect, test, type Page } from '@playwright/test';
import { logIn } from './support/sign-in';

const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
const PHONE = { width: 390, height: 844 };

async function fitsThePhone(page: Page, path: string) {
  await page.setViewportSize(PHONE);
  await page.goto(path);
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, `${path} at ${PHONE.width}px`).toBeLessThanOrEqual(PHONE.width);
}

test('the owner requests a withdrawal with a bill; a reviewer approves it and marks it paid; the story shows it under "How funds are used"', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const purpose = `Pharmacy bill for the second week ${run}`;
  const reference = `UTR${run.toUpperCase()}`;

  // campaigner5's three demo fundraisers are running, public, in rupees, with donations (demo/seed.ts)
  await logIn(page, 'campaigner5@demo.sahyog.in');
  await page.goto('/manage/list');
  const item = page.locator('.managed-item').filter({ hasText: 'Running' }).filter({ hasNotText: 'Private' }).filter({ hasText: '₹' }).first();
  await item.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/manage\/fundraiser\/\d+$/);
  const dashboard = new URL(page.url()).pathname;
  const storyHref = (await page.getByRole('link', { name: 'View story' }).getAttribute('href'))!;
  const block = page.getByTestId('withdrawals');
  await expect(block.getByRole('heading', { name: 'Withdrawals', level: 2 })).toBeVisible();

  // the payout account: the two numbers must match, then it is shown by its last four digits only
  const change = block.getByRole('button', { name: 'Change bank account' });
  if (await change.isVisible()) await change.click();
  await block.getByLabel('Name on the account').fill('Kavita Sharma');
  await block.getByLabel('Account number', { exact: true }).fill('5010 0123 4567 89');
  await block.getByLabel('Account number again').fill('50100123456780');
  await block.getByLabel('IFSC').fill('hdfc0001234');
  await block.getByRole('button', { name: 'Save bank account' }).click();
  await expect(block.getByRole('alert')).toHaveText('The account numbers do not match');
  await expect(block.getByLabel('Account number again')).toBeFocused();
  await block.getByLabel('Account number again').fill('50100123456789');
  await block.getByRole('button', { name: 'Save bank account' }).click();
  await expect(block.getByText('Bank account saved.')).toBeVisible();
  await expect(block.getByTestId('payout-account')).toContainText('Account ending 6789');
  await expect(block.getByTestId('payout-account')).toContainText('HDFC0001234');
  await expect(block).not.toContainText('50100123456789');

  // the request: more than the available balance is refused on the form, then a small one with a photo of the bill
  const amount = block.getByLabel('Amount (INR)');
  await expect(amount).toBeVisible();
  await amount.fill('999999999');
  await block.getByLabel('What is the money for?').fill(purpose);
  const png = await sharp({ create: { width: 600, height: 800, channels: 3, background: '#fbfaf4' } }).png().toBuffer();
  await block.getByLabel('Bill or estimate').setInputFiles({ name: 'pharmacy-bill.png', mimeType: 'image/png', buffer: png });
  await block.getByRole('button', { name: 'Request withdrawal' }).click();
  await expect(block.getByRole('alert')).toContainText('The amount is more than the available balance of');
  await expect(amount).toBeFocused();
  await amount.fill('120.50');
  await block.getByRole('button', { name: 'Request withdrawal' }).click();
  await expect(block.getByText(/^Requested\. Our review team will check it/)).toBeVisible();
  const mine = block.getByTestId('withdrawal-list').locator('li').filter({ hasText: purpose });
  await expect(mine).toContainText('₹120.50');
  await expect(mine).toContainText('Waiting for review');
  await expect(mine).toContainText('Account ending 6789');
  // its bill opens for the fundraiser's people
  const billHref = (await mine.getByRole('link', { name: 'See the bill' }).getAttribute('href'))!;
  const billAnswer = await page.request.get(billHref);
  expect(billAnswer.status()).toBe(200);
  expect(billAnswer.headers()['content-type']).toMatch(/^image\//);
  await fitsThePhone(page, dashboard);
  await fitsThePhone(page, `/ar${dashboard}`);

  // a reviewer finds it in the queue, waiting, with its bill; approves it, then marks it paid with the bank's reference
  const deskContext = await browser.newContext();
  const desk = await deskContext.newPage();
  await logIn(desk, 'reviewer@demo.sahyog.in');
  await desk.goto('/review');
  await desk.getByRole('link', { name: 'Withdrawals to review' }).click();
  await expect(desk).toHaveURL(/\/review\/withdrawals$/);
  const card = desk.getByTestId('withdrawal-review-item').filter({ hasText: purpose });
  await expect(card).toContainText('₹120.50');
  await expect(card).toContainText('Account ending 6789');
  await expect(card.getByTestId('withdrawal-status')).toHaveText('Waiting for review');
  const deskBill = await desk.request.get((await card.getByRole('link', { name: 'Open the bill' }).getAttribute('href'))!);
  expect(deskBill.status()).toBe(200);
  // a rejection needs a reason: nothing is sent without one
  await card.getByRole('button', { name: 'Reject' }).click();
  await expect(card.getByRole('alert')).toContainText('Please tell the campaigner why');
  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(card.getByRole('status')).toContainText('Approved. Pay it into the account shown, then mark it paid.');
  await expect(card.getByTestId('withdrawal-status')).toHaveText('Approved, to be paid');
  await card.getByRole('button', { name: 'Mark paid' }).click();
  await expect(card.getByRole('alert')).toContainText("Please enter the bank's reference of the transfer");
  await card.getByLabel('Bank reference of the transfer').fill(reference);
  await card.getByRole('button', { name: 'Mark paid' }).click();
  await expect(card.getByTestId('withdrawal-status')).toHaveText('Paid');
  // decided and paid: no longer waiting for anyone, listed under Paid with its reference
  await desk.goto('/review/withdrawals');
  await expect(desk.getByTestId('withdrawal-review-item').filter({ hasText: purpose })).toHaveCount(0);
  await desk.getByRole('link', { name: 'Paid', exact: true }).click();
  await expect(desk.getByTestId('withdrawal-review-item').filter({ hasText: purpose })).toContainText(reference);
  await fitsThePhone(desk, '/review/withdrawals?status=paid');
  await fitsThePhone(desk, '/ar/review/withdrawals?status=paid');
  await deskContext.close();

  // the story shows it to everyone under "How funds are used"
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(storyHref);
  const used = page.getByTestId('funds-used-item').filter({ hasText: purpose });
  await expect(used).toContainText('₹120.50');
  await expect(used).toContainText('Paid on');
  // and the owner's dashboard says it was paid, with the reference
  await page.goto(dashboard);
  const paid = page.getByTestId('withdrawal-list').locator('li').filter({ hasText: purpose });
  await expect(paid).toContainText('Paid');
  await expect(paid).toContainText(reference);
});
