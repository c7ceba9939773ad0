// On the jobs server (its SIP charge run passes every 3 s): a donor subscribes, the run charges the month, the
// SIP page shows which fundraisers it reached, the donor lowers and pauses it, and the cancel link in the month's receipt
// works signed out, once.
import { expect, test } from '@playwright/test';
import { JOBS_PORT } from '../playwright.config';
import { logIn } from './support/sign-in';

test.use({ baseURL: `http://localhost:${JOBS_PORT}` });

test('subscribe, a charge run gives the month, the impact report shows it, lower, pause, and the email link cancels signed out', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await logIn(page, 'donor14@demo.sahyog.in');
  await page.goto('/new/sip');
  await page.getByRole('checkbox', { name: 'Education' }).check();
  await page.getByLabel('Monthly amount for Education').fill('250');
  await page.getByRole('button', { name: 'Set up monthly giving' }).click();
  await page.getByRole('button', { name: 'Authorise (debits succeed)' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your monthly giving has started');

  // the run charges the month within seconds; the month is split among fundraisers, and the report names them
  await expect(async () => {
    await page.goto('/sip');
    await expect(page.getByTestId('sip-impact').locator('li a').first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 40_000 });

  // two taps each: lower it (₹350 to ₹300, every cause still at its minimum), then pause it for a month
  await page.getByRole('button', { name: 'Change amount' }).click();
  await page.getByLabel('New monthly amount (INR)').fill('300');
  await page.getByRole('button', { name: 'Save amount' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved. Your monthly amount is now' })).toContainText('₹300');
  await page.getByRole('button', { name: 'Pause', exact: true }).click();
  await page.getByRole('radio', { name: '1 month' }).check();
  await page.getByRole('button', { name: 'Pause my SIP' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your SIP is paused until' })).toBeVisible();

  // the month's receipt carries the signed links; a signed-out browser cancels with its link
  await page.goto('/dev/outbox');
  const receipt = page.getByTestId('outbox-message').filter({ hasText: 'donor14@demo.sahyog.in' }).filter({ hasText: 'Cancel your SIP:' }).first();
  const link = /Cancel your SIP: (\S+)/.exec((await receipt.textContent()) ?? '')![1];
  const guest = await browser.newContext();
  const signedOut = await guest.newPage();
  await signedOut.goto(link);
  await expect(signedOut.getByRole('heading', { name: 'Cancel your SIP' })).toBeVisible();
  await signedOut.getByRole('button', { name: 'Cancel my SIP' }).click();
  await expect(signedOut.getByText('Your SIP is cancelled. We have emailed you a confirmation.')).toBeVisible();
  // the link is spent: opening it again does nothing more
  await signedOut.goto(link);
  await expect(signedOut.getByRole('button', { name: 'Cancel my SIP' })).toHaveCount(0);
  await guest.close();
});
