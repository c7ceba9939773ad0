// On a 390 px phone, in English and Arabic: a donor changes their SIP's amount, sees ₹50 refused
// with the error alone (no green "Lowered to ₹50" beside it), sees the change confirmed, and reads the confirmation
// email in the dev outbox: the new amount, in their language, as text and HTML, with an absolute link that opens the
// SIP page. Screenshots of the SIP screen and of the email's HTML go to SHOTS_DIR when it is set.
import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import en from '../messages/en.json';
import ar from '../messages/ar.json';
import { logIn } from './support/sign-in';
import { expectNoAxeViolations } from './support/axe';

// SHOTS_DIR=/some/dir writes the pictures of the SIP screen and the email
const SHOTS = process.env.SHOTS_DIR;
test.use({ viewport: { width: 390, height: 844 } });

const fill = (template: string, values: Record<string, string>) => template.replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? '');

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

// a retry signs in as another donor: the first try may have subscribed already, and a donor with a SIP is not offered a
// new one, so the retry could only fail (it waited out its whole timeout once)
for (const { locale, m, donors } of [
  { locale: 'en', m: en, donors: ['donor27@demo.sahyog.in', 'donor25@demo.sahyog.in'] },
  { locale: 'ar', m: ar, donors: ['donor28@demo.sahyog.in', 'donor26@demo.sahyog.in'] },
] as const) {
  const prefix = locale === 'en' ? '' : `/${locale}`;
  const M = m.SipManage;

  test(`${locale}: a donor lowers their SIP, ₹50 shows only the error, and the confirmation email opens the SIP page @phone-only`, async ({ page, browser }, testInfo) => {
    test.setTimeout(150_000);
    const donor = donors[Math.min(testInfo.retry, donors.length - 1)];
    await logIn(page, donor);
    // subscribe in the donor's language: the SIP (and its emails) speak it
    await page.goto(`${prefix}/new/sip`);
    await page.getByRole('checkbox', { name: m.Sip.causes.education }).check();
    await page.getByRole('checkbox', { name: m.Sip.causes.medical }).uncheck();
    await page.getByLabel(fill(m.SipSubscribe.amountFor, { cause: m.Sip.causes.education })).fill('300');
    await page.getByLabel(m.SipSubscribe.methods.Emandate).check();
    await page.getByRole('button', { name: m.SipSubscribe.submit }).click();
    // the sandbox's mandate page stands where the bank's would (the bank's page is not in the donor's language)
    await page.getByRole('button', { name: en.SandboxMandate.outcome.success }).or(page.getByRole('button', { name: m.SandboxMandate.outcome.success })).click();
    await expect(page).toHaveURL(/\/sip\/welcome\?subscription=\d+/);

    // the SIP page: change the amount in two taps
    await page.goto(`${prefix}/sip`);
    await page.getByRole('button', { name: M.open.amount, exact: true }).click();
    const field = page.getByLabel(fill(M.amountLabel, { currency: 'INR' }));
    // below the SIP minimum: the error alone, never the green result beside it
    await field.fill('50');
    await page.getByRole('button', { name: M.confirm.amount }).click();
    await expect(page.getByTestId('subscriptions').getByRole('alert')).toContainText(fill(M.amountMinimum, { amount: '' }).trim().slice(0, 12));
    await expect(page.locator('.sip-rounded')).toHaveText('');
    await field.fill('200');
    await expect(page.locator('.sip-rounded')).toContainText('200');
    await expectNoAxeViolations(page);
    await shoot(page, `sip-change-${locale}`);
    await page.getByRole('button', { name: M.confirm.amount }).click();
    await expect(page.getByRole('status').filter({ hasText: fill(M.doneAmount, { amount: '' }).slice(0, 10) })).toContainText('200');
    await expectNoAxeViolations(page);

    // the confirmation email, to the SIP's donor, in the SIP's language: text and HTML
    await page.goto(`/dev/outbox?recipient=${encodeURIComponent(donor)}`);
    const subject = fill(M.email.amountSubject, { amount: '' }).trim().slice(0, 20);
    const mail = page.getByTestId('outbox-message').filter({ hasText: subject }).first();
    await expect(mail).toBeVisible();
    await expect(mail.locator('.body')).toContainText('200');
    await expect(mail.locator('.body')).toContainText('300');
    // open the HTML part by its address: a click there can land in the lazily laid-out preview frame below it
    const htmlPart = (await mail.getByRole('link', { name: 'Open the HTML part' }).getAttribute('href'))!;
    expect(htmlPart).toMatch(/^\/dev\/outbox\/\d+$/);
    await page.goto(htmlPart);
    // the HTML part as a mail client shows it: the language's direction, the new amount, every link absolute
    if (locale === 'ar') await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    else expect(await page.locator('html').getAttribute('dir')).not.toBe('rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(page.locator('body')).toContainText('200');
    const hrefs = await page.locator('a[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
    expect(hrefs.length).toBeGreaterThan(2);
    for (const href of hrefs) expect(href).toMatch(/^https?:\/\/[^/]+\//);
    await shoot(page, `sip-email-${locale}`);
    const open = page.getByRole('link', { name: M.email.openSip });
    const sipPage = (await open.getAttribute('href'))!;
    expect(sipPage).toBe(new URL(`${prefix}/sip`, page.url()).href);

    // the link opens the SIP page, with the new amount
    await page.goto(sipPage);
    await expect(page.getByRole('button', { name: M.open.amount, exact: true })).toBeVisible();
    await expect(page.locator('main')).toContainText('200');

    // and the email's one-tap links open the SIP signed out
    const pause = hrefs.find((h) => h.includes('/sip/manage?token='))!;
    const guest = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const signedOut = await guest.newPage();
    await signedOut.goto(pause);
    await expect(signedOut.getByRole('heading', { level: 1 })).toHaveText(M.pageTitle);
    await expect(signedOut.locator('main')).toContainText('200');
    await expectNoAxeViolations(signedOut);
    await guest.close();
  });
}
