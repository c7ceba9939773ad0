// Captcha switched on (CAPTCHA_SECRET with its site key), against a local stand-in speaking hCaptcha's protocols: the
// payment form and the sign-up form show the widget, say so when it is not solved, and a donation and a sign-up succeed.
import { expect, test } from '@playwright/test';
import { startCaptchaStandIn, STANDIN_SECRET, STANDIN_SITE_KEY, type CaptchaStandIn } from '../tests/helpers/captcha-standin';
import { startOwnServer, type OwnServer } from './support/own-server';

type Listed = { id: number; custom_tag: string; currency: string; is_ended: boolean; is_private: boolean };

let standIn: CaptchaStandIn;
let server: OwnServer;

test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  test.setTimeout(240_000);
  standIn = await startCaptchaStandIn();
  server = await startOwnServer('captcha', { CAPTCHA_SECRET: STANDIN_SECRET, CAPTCHA_SITE_KEY: STANDIN_SITE_KEY, CAPTCHA_VERIFY_URL: standIn.verifyUrl, CAPTCHA_SCRIPT_URL: standIn.scriptUrl });
});
test.afterAll(async () => {
  await server?.stop();
  await standIn?.close();
});

test('captcha on: a donation needs the widget solved, then goes through @phone', async ({ page, request }) => {
  const list = await (await request.get(`${server.baseURL}/api/fundraisers?limit=100&status=active`)).json();
  const f = (list.data as Listed[]).find((x) => x.currency === 'INR' && !x.is_ended && !x.is_private)!;
  await page.goto(`${server.baseURL}/new/payment?ct=${f.custom_tag}&id=${f.id}&payment=form`);
  await page.getByLabel('Full name').fill('Captcha Donor');
  await page.getByLabel('Email').fill(`captcha-${Date.now()}@example.com`);
  await page.getByLabel('Mobile number').fill('98765 43210');
  await page.getByLabel('Debit or credit card').check();
  const captcha = page.getByTestId('captcha');
  await expect(captcha.getByTestId('captcha-checkbox')).toBeVisible();
  await page.getByRole('button', { name: /^Contribute/ }).click();
  await expect(captcha).toContainText('Please complete the captcha to continue');
  expect(standIn.seen).toHaveLength(0);
  await captcha.getByTestId('captcha-checkbox').check();
  await expect(captcha).not.toContainText('Please complete the captcha');
  await page.getByRole('button', { name: /^Contribute/ }).click();
  await expect(page.getByRole('heading', { name: 'Sandbox checkout' })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Pay (success)' }).click();
  await expect(page.getByTestId('thank-you')).toBeVisible({ timeout: 20_000 });
  expect(standIn.seen.at(-1)?.get('secret')).toBe(STANDIN_SECRET);
});

test('captcha on: a sign-up needs the widget solved, then signs her in @phone', async ({ page }) => {
  await page.goto(`${server.baseURL}/new/signin`);
  await page.getByRole('button', { name: 'New here? Sign up' }).click();
  await page.getByLabel('Full name').fill('Captcha Person');
  await page.getByLabel('Email').fill(`captcha-signup-${Date.now()}-${test.info().project.name}@example.com`);
  await page.getByLabel('Mobile number').fill('98765 43211');
  await page.getByLabel('Password', { exact: true }).fill('Sahyog@2026x');
  const captcha = page.getByTestId('captcha');
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await expect(captcha).toContainText('Please complete the captcha to continue');
  await captcha.getByTestId('captcha-checkbox').check();
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.endsWith('/new/signin'), { timeout: 20_000 });
});
