// Leads: a visitor who came from a WhatsApp link refers a patient from /refer, and someone on the start page
// asks to be called back; a reviewer finds both on the leads page with what they said and where they came from.
import { devices, expect, test, type Page } from '@playwright/test';
import { logIn } from './support/sign-in';

// spec 5: names take letters only, so the run's own tag is spelt in letters
const run = Date.now().toString(36).replace(/\d/g, (d) => 'abcdefghij'[Number(d)]);

/** The reviewer's card of the lead sent under this name, and one of its facts (the dd under a dt). */
async function reviewersCard(page: Page, name: string) {
  await logIn(page, 'reviewer@demo.sahyog.in');
  await page.goto('/review/leads');
  const card = page.getByTestId('leads-list').getByRole('listitem').filter({ hasText: name });
  await expect(card).toHaveCount(1);
  const fact = (term: string) => card.locator('dl > div').filter({ has: page.locator('dt', { hasText: term }) }).locator('dd');
  return { card, fact };
}

test('a visitor from WhatsApp refers a patient; a reviewer sees the referral with its utm source', async ({ page, browser }) => {
  const name = `Lakshmi Nair ${run}`;
  // the footer leads there from every page
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Refer a patient' }).click();
  await expect(page).toHaveURL(/\/refer$/);

  await page.goto('/refer?utm_source=whatsapp');
  await expect(page.getByRole('heading', { level: 1, name: 'Refer a patient' })).toBeVisible();
  const nameField = page.getByLabel('Your name', { exact: true });
  const phoneField = page.getByLabel('Your mobile number', { exact: true });
  // two fields a row on a desktop
  expect((await nameField.boundingBox())!.y).toBe((await phoneField.boundingBox())!.y);

  // spec 5's name rule, checked before anything is sent; the focus goes to the field to fix
  await nameField.fill('Lakshmi 2');
  await page.getByRole('button', { name: 'Send referral' }).click();
  await expect(nameField).toHaveAccessibleDescription('Please enter a valid name');
  await expect(nameField).toBeFocused();
  await expect(page.getByLabel('Treatment the patient needs')).toHaveAccessibleDescription('Please choose one of the options');

  await nameField.fill(name);
  await phoneField.fill('98765 01234');
  await page.getByLabel("Patient's city (optional)").fill('Kochi');
  // spec 9's lists
  await page.getByLabel('Treatment the patient needs').selectOption('cancer_treatment');
  await page.getByLabel('Currently hospitalised', { exact: true }).check();
  await page.getByLabel('About the patient (optional)').fill('My neighbour Meena is at Amrita Hospital for leukaemia.');
  await page.getByRole('button', { name: 'Send referral' }).click();

  const sent = page.getByTestId('lead-sent');
  await expect(sent).toContainText('Thank you for your referral');
  await expect(sent).toContainText(/Reference number:\s*#\d+/);
  await expect(sent).toBeFocused();
  await expect(page.getByRole('button', { name: 'Send referral' })).toHaveCount(0);

  const desk = await (await browser.newContext()).newPage();
  const { card, fact } = await reviewersCard(desk, name);
  await expect(card.locator('.lead-type')).toHaveText('Referral');
  await expect(fact('Cause and city')).toHaveText('Cancer treatment · Currently hospitalised · Kochi');
  await expect(fact('Source (utm)')).toHaveText('whatsapp');
  await expect(fact('Contact')).toContainText('+91 9876501234');
  await expect(fact('Page')).toHaveText('refer');
  await desk.context().close();
});

test("the start page's first screen offers a call back (a want_to_raise_funds lead); the steps do not", async ({ page, browser }) => {
  const name = `Anita Kumar ${run}`;
  await page.goto('/new/crowdfunding?utm_source=telecall_7');
  const help = page.getByTestId('start-help');
  await expect(help.getByRole('heading', { name: 'Want help starting your fundraiser?' })).toBeVisible();
  await help.getByLabel('Your name', { exact: true }).fill(name);
  await help.getByLabel('Your mobile number', { exact: true }).fill('98450 67890');
  await help.getByLabel('Email', { exact: true }).fill(`anita-${run}@example.com`);
  await help.getByLabel('City (optional)').fill('Pune');
  await help.getByLabel('What are you raising funds for?').selectOption('medical');
  await help.getByRole('button', { name: 'Call me back' }).click();
  await expect(help.getByTestId('lead-sent')).toContainText('We will call you soon');

  // into the wizard's steps (the address changes without a new page): the offer stays behind
  await page.getByRole('radio', { name: /Medical treatment/ }).check();
  await page.getByRole('radio', { name: 'Cancer', exact: true }).check();
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page).toHaveURL(/\/new\/crowdfunding\/form\?step=beneficiary$/);
  await expect(page.getByTestId('start-help')).toHaveCount(0);
  // nor is it on a variant's first screen
  await page.goto('/new/crowdfunding/medical');
  await expect(page.getByRole('button', { name: 'Save and continue' })).toBeVisible();
  await expect(page.getByTestId('start-help')).toHaveCount(0);

  const desk = await (await browser.newContext()).newPage();
  const { card, fact } = await reviewersCard(desk, name);
  await expect(card.locator('.lead-type')).toHaveText('Wants to raise funds');
  await expect(fact('Cause and city')).toHaveText('medical · Pune');
  await expect(fact('Source (utm)')).toHaveText('telecall_7');
  await desk.context().close();
});

test('the refer page and the call-back form fit a 390 px phone, stacked, in LTR and RTL @phone-only', async ({ browser }) => {
  const context = await browser.newContext({ ...devices['iPhone 13'], viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  for (const path of ['/refer', '/ar/refer', '/ur/refer', '/new/crowdfunding', '/ar/new/crowdfunding']) {
    await page.goto(path);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
    // name above phone, each the width of the form
    const inputs = page.locator('.lead-form-row').first().locator('input');
    const [first, second] = [(await inputs.nth(0).boundingBox())!, (await inputs.nth(1).boundingBox())!];
    expect(second.y, path).toBeGreaterThan(first.y + first.height);
    expect(first.x, path).toBeGreaterThanOrEqual(0);
    expect(first.x + first.width, path).toBeLessThanOrEqual(390);
  }
  await context.close();
});
