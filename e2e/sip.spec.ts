// Monthly giving: a donor subscribes to two causes with the sandbox mandate and sees their SIP start.
import { expect, test } from '@playwright/test';
import { logIn } from './support/sign-in';

test('a donor subscribes to two causes with the sandbox mandate; the SIP starts @phone', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  // a donor per project: once subscribed, the SIP guard sends a donor to their SIP page (spec 6)
  await logIn(page, testInfo.project.name === 'phone' ? 'donor13@demo.sahyog.in' : 'donor12@demo.sahyog.in');
  await page.goto('/new/sip');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Give monthly');
  // the page says what a failed debit leads to, from the retry table the charge run obeys
  const faq = page.getByRole('region', { name: 'If a monthly payment fails' });
  await expect(faq).toContainText('We try again 2 days later. Then again 4 days after that.');
  await expect(faq).toContainText('We try again up to 3 times, 3 hours apart.');
  // medical is chosen first; a second cause with an amount the page rounds before paying
  await expect(page.getByRole('checkbox', { name: 'Medical' })).toBeChecked();
  await page.getByRole('checkbox', { name: 'Education' }).check();
  await page.getByLabel('Monthly amount for Education').fill('1201');
  await expect(page.getByText('₹1,201 is rounded to ₹1,250')).toBeVisible();
  await expect(page.getByTestId('sip-total')).toHaveText('You give ₹1,350 a month');
  // below the minimum is refused on the page with spec 5's message
  await page.getByLabel('Monthly amount for Medical').fill('60');
  await page.getByRole('button', { name: 'Set up monthly giving' }).click();
  await expect(page.getByText(/must be at least ₹100/)).toBeVisible();
  await page.getByLabel('Monthly amount for Medical').fill('100');
  await page.getByLabel('Bank e-mandate (net banking or debit card)').check();
  await page.getByRole('button', { name: 'Set up monthly giving' }).click();

  // the sandbox's mandate page stands where the bank's would
  await expect(page.getByRole('heading', { name: 'Sandbox mandate' })).toBeVisible();
  await page.getByRole('button', { name: 'Authorise (debits succeed)' }).click();
  await expect(page).toHaveURL(/\/sip\/welcome\?subscription=\d+/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your monthly giving has started');
  await expect(page.getByTestId('sip-welcome')).toContainText('₹1,350');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
