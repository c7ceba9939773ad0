// A standalone tip and an anniversary gift paid through the sandbox gateway, and a sponsor's coupon whose
// match reaches the fundraiser's total.
import { expect, test } from '@playwright/test';
import { logIn } from './support/sign-in';

const fill = async (page: import('@playwright/test').Page, who: string) => {
  await page.getByLabel('Full name').fill('Meera Iyer');
  await page.getByLabel('Email').fill(`${who}-${Date.now()}@example.com`);
  await page.getByLabel('Mobile number').fill('98765 43210');
};

/** A running rupee fundraiser anyone can give to, and a reader of its raised total. */
async function rupeeFundraiser(request: import('@playwright/test').APIRequestContext) {
  const list = await (await request.get('/api/fundraisers?limit=100&status=active')).json();
  const f = list.data.find((x: { currency: string; is_ended: boolean; is_private: boolean }) => x.currency === 'INR' && !x.is_ended && !x.is_private);
  const raised = async () => (await (await request.get(`/api/fundraisers/${f.id}`)).json()).data.raised_minor as number;
  return { f, raised };
}

test('a standalone tip is paid through the sandbox and thanked on its own page @phone', async ({ page }) => {
  await page.goto('/new/standalonetip');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Support Sahyog');
  await page.getByRole('button', { name: '₹251', exact: true }).click();
  await fill(page, 'tip');
  await page.getByLabel('Debit or credit card').check();
  await page.getByRole('button', { name: 'Tip ₹251' }).click();
  await expect(page.getByRole('heading', { name: 'Sandbox checkout' })).toBeVisible();
  await page.getByRole('button', { name: 'Pay (success)' }).click();
  await expect(page.getByTestId('tip-thanks')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you, Meera Iyer!');
  await expect(page.getByTestId('receipt-number')).toContainText('Receipt number: SHY');
  // no sideways scrolling on a phone
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});

test('an anniversary gift carries its occasion to the payment page and is paid @phone', async ({ page }) => {
  await page.goto('/new/anniversary');
  await page.getByLabel('Occasion').selectOption('wedding_anniversary');
  await page.getByLabel('In honour of').fill('Asha and Ravi');
  await page.getByTestId('anniversary-form').getByRole('radio').first().check();
  await page.getByRole('button', { name: 'Continue to give' }).click();
  await expect(page).toHaveURL(/\/new\/payment\?.*or=tann/);
  await expect(page.getByTestId('pay-dedication')).toContainText('Marking a wedding anniversary, in honour of');
  await expect(page.getByTestId('pay-dedication')).toContainText('Asha and Ravi');
  await fill(page, 'ann');
  await page.getByLabel('Debit or credit card').check();
  await page.getByRole('button', { name: /^Contribute/ }).click();
  await page.getByRole('button', { name: 'Pay (success)' }).click();
  await expect(page.getByTestId('thank-you')).toBeVisible({ timeout: 20_000 });
});

test("a sponsor's coupon adds its match to the fundraiser's total once the gift is paid", async ({ page, request }) => {
  const { f, raised } = await rupeeFundraiser(request);
  const before = await raised();
  await page.goto(`/new/payment?ct=${f.custom_tag}&id=${f.id}&payment=form`);
  await page.getByRole('button', { name: '₹1,000' }).first().click();
  await page.getByLabel("Sponsor's coupon (optional)").fill('sahyog100');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('coupon-applied')).toHaveText('Sahyog Friends adds ₹100 to your gift when it is paid');
  await fill(page, 'coupon');
  await page.getByLabel('Debit or credit card').check();
  await page.getByRole('button', { name: /^Contribute/ }).click();
  await page.getByRole('button', { name: 'Pay (success)' }).click();
  await expect(page.getByTestId('thank-you')).toBeVisible({ timeout: 20_000 });
  await expect.poll(raised, { timeout: 20_000 }).toBe(before + 110_000);
});

test('a donor with Sahyog credit (a spec 9 prize) gives from it on the payment page @phone', async ({ page, request }, testInfo) => {
  // a donor per project: each holds one ₹300 prize in the demo
  await logIn(page, testInfo.project.name === 'phone' ? 'donor22@demo.sahyog.in' : 'donor21@demo.sahyog.in');
  const list = await (await request.get('/api/fundraisers?limit=100&status=active')).json();
  const f = list.data.find((x: { currency: string; is_ended: boolean; is_private: boolean }) => x.currency === 'INR' && !x.is_ended && !x.is_private);
  await page.goto(`/new/payment?ct=${f.custom_tag}&id=${f.id}&payment=form`);
  await expect(page.getByTestId('payment-form').getByTestId('credit-pay')).toContainText('You have ₹300 of Sahyog credit');
  await page.getByLabel('Other amount').fill('250');
  await page.getByRole('button', { name: 'Give ₹250 from my credit' }).click();
  await expect(page.getByTestId('thank-you')).toBeVisible({ timeout: 20_000 });
  // ₹50 left: the next visit offers what remains
  await page.goto(`/new/payment?ct=${f.custom_tag}&id=${f.id}&payment=form`);
  await expect(page.getByTestId('payment-form').getByTestId('credit-pay')).toContainText('You have ₹50 of Sahyog credit');
});

test("a bank transfer asks for the donor's account, shows where to transfer, and counts once the transfer arrives @phone", async ({ page, request }) => {
  const { f, raised } = await rupeeFundraiser(request);
  const before = await raised();
  await page.goto(`/new/payment?ct=${f.custom_tag}&id=${f.id}&payment=form`);
  await page.getByRole('button', { name: '₹1,000' }).first().click();
  await fill(page, 'neft');
  await page.getByLabel('Bank transfer (NEFT/IMPS)').check();
  await page.getByRole('button', { name: /^Contribute/ }).click();
  // spec 5: the empty bank-transfer fields, and nothing placed
  const transfer = page.getByTestId('bank-transfer');
  await expect(transfer.getByText('Field Required')).toHaveCount(3);
  await transfer.getByLabel('Account number').fill('001234567890');
  await transfer.getByLabel('IFSC').fill('hdfc0001234');
  await transfer.getByLabel('Bank name').fill('HDFC Bank');
  // no sideways scrolling with the extra fields on a phone
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.getByRole('button', { name: /^Contribute/ }).click();
  await expect(page.getByRole('heading', { name: 'Transfer ₹1,000 by NEFT or IMPS' })).toBeVisible();
  await expect(page.getByTestId('transfer-account')).toContainText('SBOX0SAHYOG');
  await expect(page.getByText('From your account ending 7890 (HDFC Bank)')).toBeVisible();
  expect(await raised()).toBe(before);
  await page.getByRole('button', { name: 'The transfer arrived' }).click();
  await expect(page.getByTestId('thank-you')).toBeVisible({ timeout: 20_000 });
  await expect.poll(raised, { timeout: 20_000 }).toBe(before + 100_000);
});
