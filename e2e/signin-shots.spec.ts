// Screenshots of the sign-in and code screens, the phone field on the payment form and the phone menu, at
// 390 px (a phone) and 1366 px, in English and Arabic, into SHOTS_DIR (not committed). Each sign-in screen passes axe.
import fs from 'node:fs';
import { devices, expect, test, type Browser, type Page } from '@playwright/test';
import en from '../messages/en.json';
import ar from '../messages/ar.json';
import { expectNoAxeViolations } from './support/axe';

// SHOTS_DIR=/some/dir writes the pictures; without it the walk and its axe checks still run
const DIR = process.env.SHOTS_DIR;
const SIZES = { 390: { ...devices['iPhone 13'], viewport: { width: 390, height: 844 } }, 1366: { viewport: { width: 1366, height: 900 } } } as const;

async function shoot(page: Page, name: string) {
  if (DIR) await page.screenshot({ path: `${DIR}/${name}.png` });
}

async function each(browser: Browser, fn: (page: Page, tag: string, prefix: string, m: typeof en) => Promise<void>) {
  if (DIR) fs.mkdirSync(DIR, { recursive: true });
  for (const [width, options] of Object.entries(SIZES)) {
    for (const [prefix, m, lang] of [
      ['', en, 'en'],
      ['/ar', ar, 'ar'],
    ] as const) {
      const context = await browser.newContext(options);
      const page = await context.newPage();
      await fn(page, `${lang}-${width}`, prefix, m as typeof en);
      await context.close();
    }
  }
}

test('sign-in screens @phone-only', async ({ browser }) => {
  test.setTimeout(300_000);
  await each(browser, async (page, tag, prefix, m) => {
    await page.goto(`${prefix}/new/signin`);
    await shoot(page, `login-${tag}`);
    await expectNoAxeViolations(page);
    // a mobile number: the country picker appears
    await page.getByLabel(m.Auth.contact, { exact: true }).fill('98765 43210');
    await shoot(page, `login-mobile-${tag}`);
    // a wrong password: under the field, with the ways on
    // a new address each time: the per-address code limit is not spent by screenshots
    await page.getByLabel(m.Auth.contact, { exact: true }).fill(`shots-${tag}-${Date.now()}@example.com`);
    await page.getByLabel(m.Auth.password, { exact: true }).fill('Wrong1pass');
    await page.getByRole('button', { name: m.Auth.login, exact: true }).click();
    await expect(page.locator('#signin-password-error')).toBeVisible();
    await shoot(page, `login-wrong-password-${tag}`);
    await expectNoAxeViolations(page);
    // the code form, from "Use a code instead", the email kept
    await page.getByRole('button', { name: m.Auth.useCode }).click();
    await shoot(page, `code-contact-${tag}`);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: m.Auth.sendCode }).click();
    await expect(page.getByTestId('resend-code')).toBeDisabled();
    await shoot(page, `code-sent-${tag}`);
    await expectNoAxeViolations(page);
    // sign-up's phone field
    await page.goto(`${prefix}/new/signin`);
    await page.getByRole('button', { name: m.Auth.toSignup }).click();
    await shoot(page, `signup-${tag}`);
    await expectNoAxeViolations(page);
    // sent by the SIP offer: why, and a code first
    await page.goto(`${prefix}/new/signin?reason=sip&redirect_uri=%2Fnew%2Fsip`);
    await page.getByLabel(m.Auth.contact, { exact: true }).fill('202 555 0123');
    // the list is built when the picker is reached for (focus or a tap), as a donor does
    await page.getByLabel(m.Auth.countryCode).focus();
    await page.getByLabel(m.Auth.countryCode).selectOption('US');
    await shoot(page, `reason-sip-${tag}`);
    await expectNoAxeViolations(page);
  });
});

test('the payment form phone field and the phone menu @phone-only', async ({ browser, request }) => {
  test.setTimeout(300_000);
  const list = await (await request.get('/api/fundraisers?limit=5&status=active')).json();
  const f = list.data[0];
  await each(browser, async (page, tag, prefix, m) => {
    await page.goto(`${prefix}/new/payment?ct=${encodeURIComponent(f.custom_tag)}&id=${f.id}&payment=form`);
    const phone = page.getByLabel(m.Payment.phone, { exact: true });
    await phone.fill('2025550123');
    // the list is built when the picker is reached for (focus or a tap), as a donor does
    await page.getByLabel(m.Payment.extension).focus();
    await page.getByLabel(m.Payment.extension).selectOption('US');
    await phone.scrollIntoViewIfNeeded();
    await shoot(page, `payment-phone-${tag}`);
    if (tag.endsWith('390')) {
      await page.goto(`${prefix}/about-us`);
      await page.locator('details.mobile-menu summary').click();
      await shoot(page, `menu-open-${tag}`);
      await page.locator('details.mobile-menu').getByRole('link', { name: m.Header.fundraisers }).click();
      await expect(page).toHaveURL(/all-fundraisers/);
      await shoot(page, `menu-after-tap-${tag}`);
    }
  });
});
