// Walls that say why. A guest who has just given taps "Start a monthly SIP", is told why she signs in, finds
// her email already typed, continues with a one-time code (no password), and starts the SIP signed in. Also: a US
// number's code goes to +1, and the phone menu closes after a tap. On a 390 px phone, in English and Arabic.
import { expect, test, type Page } from '@playwright/test';
import en from '../messages/en.json';
import ar from '../messages/ar.json';
import { paidThankYouPath } from './support/donation';
import { expectNoAxeViolations } from './support/axe';

// @phone-only below: at this fixed 390 px width the desktop project's run drew the same pages again (nothing in the
// product reads the device, the pointer or the user agent to draw)
test.use({ viewport: { width: 390, height: 844 } });

const unique = (tag: string) => `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;

/** The newest one-time code the dev outbox holds for this recipient. */
async function codeFromOutbox(page: Page, recipient: string): Promise<string> {
  const outbox = await page.context().newPage();
  await outbox.goto('/dev/outbox');
  const text = await outbox.locator(`[data-testid="outbox-message"][data-recipient="${recipient}"]`).first().textContent();
  await outbox.close();
  return /(\d{6}) is your/.exec(text ?? '')![1];
}

for (const [prefix, m] of [
  ['', en],
  ['/ar', ar],
] as const) {
  test(`a guest who just gave starts a monthly SIP by a code sent to her email (${prefix || '/en'}) @phone-only`, async ({ page, request }) => {
    test.setTimeout(120_000);
    const list = await (await request.get('/api/fundraisers?limit=5&status=active')).json();
    const f = list.data[0];
    const email = unique('sip-guest');
    const thankYou = await paidThankYouPath(request, f, { donated_amount: 500, donor_name: 'Meera Nair', donor_email: email });
    await page.goto(`${prefix}${thankYou}`);
    await page.getByTestId('one-tap-sip').click();

    // why, and her email already typed; a code, not a password
    await expect(page).toHaveURL(/\/new\/signin\?.*reason=sip/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(m.Auth.reason.sip.title);
    await expect(page.getByTestId('signin-reason')).toHaveText(m.Auth.reason.sip.text);
    const contact = page.getByLabel(m.Auth.contact, { exact: true });
    await expect(contact).toHaveValue(email);
    await expect(page.getByLabel(m.Auth.password, { exact: true })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: m.Auth.sendCode }).click();
    await expect(page.getByTestId('code-sent')).toContainText(email);
    await expect(page.getByTestId('resend-code')).toBeDisabled();
    await page.getByLabel(m.Auth.code, { exact: true }).fill(await codeFromOutbox(page, email));
    await page.getByRole('button', { name: m.Auth.verifyCode }).click();
    // new here: only her name, then on to the SIP form, signed in
    await page.getByLabel(m.Auth.fullName, { exact: true }).fill('Meera Nair');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: m.Auth.continue }).click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/new/sip\\?cause=[^&]+&amount=\\d+`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(m.SipSubscribe.title);
    const me = await (await page.request.get('/api/auth/session')).json();
    expect(me.data.user.email).toBe(email);

    await page.getByLabel(m.SipSubscribe.methods.Emandate).check();
    await page.getByRole('button', { name: m.SipSubscribe.submit }).click();
    await expect(page.getByRole('heading', { name: 'Sandbox mandate' })).toBeVisible();
    await page.getByRole('button', { name: 'Authorise (debits succeed)' }).click();
    await expect(page).toHaveURL(/\/sip\/welcome\?subscription=\d+/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(m.SipSubscribe.welcomeTitle);
  });
}

test('a US number signs up by a code sent to +1 and is kept in E.164; resend counts down; change number @phone-only', async ({ page }) => {
  const national = `2025${String(Date.now()).slice(-6)}`; // a real exchange (5xx): 0xx and 1xx are no US numbers
  await page.goto('/ar/new/signin');
  await page.getByRole('button', { name: ar.Auth.toOtp }).click();
  await page.getByLabel(ar.Auth.contact, { exact: true }).fill(`${national.slice(0, 3)} ${national.slice(3, 6)} ${national.slice(6)}`);
  // the list is built when the picker is reached for (focus or a tap), as a donor does
  await page.getByLabel(ar.Auth.countryCode).focus();
  await page.getByLabel(ar.Auth.countryCode).selectOption('US');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: ar.Auth.sendCode }).click();
  // the number reads left to right inside the Arabic sentence, with its own +1
  await expect(page.getByTestId('code-sent')).toContainText(`+1 ${national.slice(0, 3)} ${national.slice(3, 6)} ${national.slice(6)}`);
  const resend = page.getByTestId('resend-code');
  await expect(resend).toBeDisabled();
  await expect(resend).toHaveText(/\d+/);
  // change the number: back to the field, the number kept
  await page.getByRole('button', { name: ar.Auth.changeContact }).click();
  await expect(page.getByLabel(ar.Auth.contact, { exact: true })).toHaveValue(`${national.slice(0, 3)} ${national.slice(3, 6)} ${national.slice(6)}`);
  await page.getByRole('button', { name: ar.Auth.sendCode }).click();
  await page.getByLabel(ar.Auth.code, { exact: true }).fill(await codeFromOutbox(page, `+1${national}`));
  await page.getByRole('button', { name: ar.Auth.verifyCode }).click();
  await page.getByLabel(ar.Auth.fullName, { exact: true }).fill('Maya Iyer');
  await page.getByRole('button', { name: ar.Auth.continue }).click();
  await expect(page).not.toHaveURL(/\/new\/signin/);
  const me = await (await page.request.get('/api/users/me')).json();
  expect(me.data).toMatchObject({ phone_1: national, extension: '+1' });
});

test('the phone menu closes after a tap and does not cover the next page @phone-only', async ({ page }) => {
  await page.goto('/about-us');
  const menu = page.locator('details.mobile-menu');
  await menu.locator('summary').click();
  await expect(menu).toHaveAttribute('open', '');
  await menu.getByRole('link', { name: en.Header.fundraisers }).click();
  await expect(page).toHaveURL(/\/all-fundraisers$/);
  await expect(menu).not.toHaveAttribute('open');
  await expect(menu.getByRole('link', { name: en.Header.home })).toBeHidden();
});
