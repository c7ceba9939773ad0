// Consent for every SIP debit: a donor who left one SIP at the mandate step and set up another sees the
// first still waiting, not riding the second's mandate; changing the second's payment method names each SIP it would
// pay and the new monthly total, and the waiting one moves (and starts) only when the donor ticks it.
import { expect, test } from '@playwright/test';
import { logIn } from './support/sign-in';

// the SIP guard sends a donor with a SIP from the subscribe page to their SIPs, except for this campaign source (spec 6)
const AGAIN = '/new/sip?utm_source=internal_impact_calling';

test('a method change names the SIPs it will pay; a waiting SIP moves only when ticked @phone', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await logIn(page, testInfo.project.name === 'phone' ? 'donor39@demo.sahyog.in' : 'donor38@demo.sahyog.in');

  // a ₹300 education SIP, left at the mandate step
  await page.goto('/new/sip');
  await page.getByRole('checkbox', { name: 'Medical' }).uncheck();
  await page.getByRole('checkbox', { name: 'Education' }).check();
  await page.getByLabel('Monthly amount for Education').fill('300');
  await page.getByLabel('Bank e-mandate (net banking or debit card)').check();
  await page.getByRole('button', { name: 'Set up monthly giving' }).click();
  await expect(page.getByRole('heading', { name: 'Sandbox mandate' })).toBeVisible();

  // then a ₹500 medical SIP, authorised
  await page.goto(AGAIN);
  await page.getByLabel('Monthly amount for Medical').fill('500');
  await page.getByLabel('Bank e-mandate (net banking or debit card)').check();
  await page.getByRole('button', { name: 'Set up monthly giving' }).click();
  await page.getByRole('button', { name: 'Authorise (debits succeed)' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your monthly giving has started');

  // the education SIP did not ride the new mandate: it still waits for its own
  await page.goto('/sip');
  const education = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Education', level: 3 }) });
  const medical = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Medical', level: 3 }) });
  await expect(education).toContainText('This SIP needs a new payment method to continue.');
  await expect(medical).not.toContainText('needs a new payment method');

  // the method-change panel names what the new method will pay, and the total against what it allows
  await medical.getByRole('button', { name: 'Change payment method' }).click();
  const summary = medical.getByTestId('sip-method-summary');
  await expect(summary).toContainText('New monthly total: ₹500');
  await expect(summary).toContainText('You will authorise debits of up to ₹1,500 a month in all.');
  const waiting = medical.getByRole('checkbox', { name: /Education: ₹300 a month/ });
  await expect(waiting).not.toBeChecked();
  await waiting.check();
  await expect(summary).toContainText('Education');
  await expect(summary).toContainText('New monthly total: ₹800');
  await expect(summary).toContainText('up to ₹2,400 a month');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  await medical.getByLabel('Card', { exact: true }).check();
  await medical.getByRole('button', { name: 'Continue to authorise' }).click();
  await page.getByRole('button', { name: 'Authorise (debits succeed)' }).click();
  await expect(page).toHaveURL(/\/sip\/welcome\?subscription=\d+/);

  // ticked by name, it moved with it and started
  await page.goto('/sip');
  await expect(education).not.toContainText('needs a new payment method');
  await expect(education.getByText('Active', { exact: true })).toBeVisible();
});
