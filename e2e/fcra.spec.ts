// FCRA on a phone: a donor abroad who is not an Indian citizen is refused, before paying, on an NGO without an FCRA
// registration (told why, and where to give instead), and gives to an NGO with one, whose story shows the registration.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

type Listed = { id: number; custom_tag: string; campaigner: { full_name: string }; is_ended: boolean; is_private: boolean };

async function ngoFundraiser(request: APIRequestContext, ngo: string): Promise<Listed> {
  const list = await (await request.get('/api/fundraisers?limit=100&status=active')).json();
  const f = (list.data as Listed[]).find((x) => x.campaigner.full_name === ngo && !x.is_ended && !x.is_private);
  expect(f, `an open fundraiser of ${ngo} in the demo`).toBeTruthy();
  return f!;
}

async function fillForeignDonor(page: Page, f: Listed) {
  await page.goto(`/new/payment?ct=${f.custom_tag}&id=${f.id}&payment=form`);
  await page.getByLabel('Currency').selectOption('USD');
  await page.getByLabel('Full name').fill('Emily Carter');
  await page.getByLabel('Email').fill(`emily-${Date.now()}@example.com`);
  await page.getByLabel('Mobile number').fill('98765 43210');
  await page.getByLabel('Debit or credit card').check();
  await page.getByLabel('No, I am not an Indian citizen (including OCI or PIO card holders)').check();
}

test("a foreign citizen is refused before paying on an NGO without FCRA, and told where to give @phone", async ({ page, request }) => {
  const f = await ngoFundraiser(request, 'Paws of Hope Trust');
  await fillForeignDonor(page, f);
  const refused = page.getByTestId('fcra-refused');
  await expect(refused).toContainText('Paws of Hope Trust has no FCRA registration');
  await expect(refused).toContainText('Nothing has been charged.');
  await expect(refused.getByRole('link', { name: 'See fundraisers that can accept your gift' })).toBeVisible();
  await page.getByRole('button', { name: 'Contribute $25' }).click();
  // no checkout: the donor stays on the form, the notice in focus
  await expect(refused).toBeFocused();
  await expect(page.getByRole('heading', { name: 'Sandbox checkout' })).toHaveCount(0);
  expect(new URL(page.url()).pathname).toContain('/new/payment');
  // an Indian citizen living abroad gives in dollars from the same form
  await page.getByLabel('Yes, I hold an Indian passport').check();
  await expect(refused).toHaveCount(0);
  await page.getByRole('button', { name: 'Contribute $25' }).click();
  await expect(page.getByRole('heading', { name: 'Sandbox checkout' })).toBeVisible({ timeout: 20_000 });
});

test("a foreign citizen gives to an NGO with FCRA, whose story shows the registration @phone", async ({ page, request }) => {
  const f = await ngoFundraiser(request, 'Annapurna Foundation');
  await page.goto(`/stories/${f.custom_tag}`);
  await expect(page.getByTestId('proof-fcra')).toContainText('FCRA registered');
  await expect(page.getByTestId('proof-fcra')).toContainText('231650201');
  await fillForeignDonor(page, f);
  await expect(page.getByTestId('fcra-refused')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.getByRole('button', { name: 'Contribute $25' }).click();
  await expect(page.getByRole('heading', { name: 'Sandbox checkout' })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Pay (success)' }).click();
  await expect(page.getByTestId('thank-you')).toBeVisible({ timeout: 20_000 });
});
