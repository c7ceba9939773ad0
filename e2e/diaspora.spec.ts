// On a 390 px phone, in en and ar: a donor abroad finds their currency by its symbol and reads
// the ticker in it (the ticker asks with their country_code); a card picture that fails shows the default one; the
// 404 page works without JavaScript; every tap target of the pages a donor uses is at least 44 px; the footer's
// figures are written in the page's language.
import fs from 'node:fs';
import { devices, expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';

const PHONE = { width: 390, height: 844 };
// SHOTS_DIR=/some/dir writes the pictures; without it each screen is still opened and waited for
const SHOTS = process.env.SHOTS_DIR;
const LOCALES = [
  { prefix: '', name: 'en' },
  { prefix: '/ar', name: 'ar' },
] as const;

type Listed = { id: number; custom_tag: string; currency: string; is_ended: boolean; is_private: boolean; donor_count: number };

async function openFundraiser(request: APIRequestContext, withDonors = false): Promise<Listed> {
  const list = await (await request.get('/api/fundraisers?limit=100&status=active')).json();
  const f = (list.data as Listed[]).find((x) => x.currency === 'INR' && !x.is_ended && !x.is_private && (!withDonors || x.donor_count > 0));
  expect(f, 'an open rupee fundraiser in the demo').toBeTruthy();
  return f!;
}

const paymentUrl = (f: Listed, prefix = '') => `${prefix}/new/payment?ct=${f.custom_tag}&id=${f.id}&payment=form`;

/** Screenshots of one screen at 390 px (a phone) and 1366 px, for the designer's look; `ready` waits for what the shot is of. */
async function shoot(browser: Browser, name: string, url: string, ready: (page: Page) => Promise<void>, contextOptions: Parameters<Browser['newContext']>[0] = {}) {
  if (SHOTS) fs.mkdirSync(SHOTS, { recursive: true });
  for (const [size, options] of [
    ['390', { ...devices['iPhone 13'], viewport: PHONE }],
    ['1366', { viewport: { width: 1366, height: 900 } }],
  ] as const) {
    const context = await browser.newContext({ ...options, ...contextOptions, baseURL: test.info().project.use.baseURL });
    const page = await context.newPage();
    await page.goto(url);
    await ready(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${size}.png` });
    await context.close();
  }
}

// @phone-only: this block fixes a 390 px viewport, so the desktop project's run drew the same pages again (nothing in the
// product reads the device, the pointer or the user agent to draw)
test.describe('a donor abroad @phone-only', () => {
  test.use({ viewport: PHONE });

  for (const { prefix, name } of LOCALES) {
    test(`the currency picker shows each currency with its symbol (${name}) @phone-only`, async ({ page, request }) => {
      const f = await openFundraiser(request);
      await page.goto(paymentUrl(f, prefix));
      const picker = page.locator('#pay-currency');
      const labels = await picker.locator('option').allTextContents();
      expect(labels).toEqual(['₹ INR', '$ USD', '£ GBP', '€ EUR', 'AED', 'SAR', 'S$ SGD', 'C$ CAD', 'HK$ HKD', 'QAR', 'A$ AUD', 'RM MYR']);
      await picker.selectOption('GBP');
      await expect(picker.locator('option:checked')).toHaveText('£ GBP');
      await expect(page.locator('.presets button[aria-pressed="true"]')).toContainText('£');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      await expectNoAxeViolations(page);
    });

    test(`the ticker asks with the visitor's country_code and shows each gift in their currency (${name}) @phone-only`, async ({ browser, request }) => {
      const f = await openFundraiser(request, true);
      // the edge's country header, as a CDN in front of the product sets it for a visitor in the United Kingdom
      const context = await browser.newContext({ ...devices['iPhone 13'], viewport: PHONE, baseURL: test.info().project.use.baseURL, extraHTTPHeaders: { 'x-country-code': 'GB' } });
      const page = await context.newPage();
      const asked = page.waitForRequest((r) => r.url().includes(`/api/fundraisers/${f.id}/donors?`));
      await page.goto(`${prefix}/stories/${f.custom_tag}`);
      const query = new URL((await asked).url()).searchParams;
      expect(Object.fromEntries(query)).toMatchObject({ country_code: 'GB', currency: 'GBP', conversion: '1', orderBy: 'id', sortedBy: 'Desc', with: 'donoravtar' });
      const ticker = page.getByTestId('donation-ticker');
      await expect(ticker).toHaveAttribute('data-visible', 'true', { timeout: 15_000 });
      await expect(ticker).toContainText('£');
      await expect(ticker).not.toContainText('₹');
      await context.close();
    });
  }

  test('a card picture that fails to load shows the default picture @phone-only', async ({ page }) => {
    // every fundraiser picture fails (a partner CDN down); the default picture still loads
    await page.route(/\/media\/(?!default\/)/, (route) => route.abort());
    for (const { prefix } of LOCALES) {
      await page.goto(`${prefix}/all-fundraisers`);
      const picture = page.getByTestId('fundraiser-card').first().locator('img');
      await picture.scrollIntoViewIfNeeded();
      await expect(picture).toHaveAttribute('data-fallback', 'true');
      await expect(picture).toHaveAttribute('src', '/media/default/fundraiser.svg');
      // the default picture itself loads
      await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    }
  });

  test('the footer figures are written in the page locale (en, hi, ar) @phone-only', async ({ page }) => {
    const expected = {
      '': ['1100 Crs+', '72 Lakh+', '3.2 Lakh+', '2.5M+'],
      '/hi': ['1100 करोड़+', '72 लाख+', '3.2 लाख+', '2.5 मिलियन+'],
      '/ar': ['11\u00a0مليار+', '7.2\u00a0مليون+', '320\u00a0ألف+', '2.5\u00a0مليون+'],
    };
    for (const [prefix, figures] of Object.entries(expected)) {
      await page.goto(`${prefix}/about-us`);
      const shown = await page.getByTestId('platform-figures').locator('strong').allTextContents();
      expect(shown, prefix || 'en').toEqual(figures);
      if (prefix) await expect(page.getByTestId('platform-figures')).not.toContainText(/Crs|Lakh|\dM\+/);
    }
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  // spec 2: an unknown path is the 404 page, read as it arrives (no script fills it in)
  test('the 404 page shows its heading and a way home (en, ar) @phone', async ({ page }) => {
    for (const { prefix, heading, home } of [
      { prefix: '', heading: 'Page not found', home: 'Go to the home page' },
      { prefix: '/ar', heading: 'الصفحة غير موجودة', home: 'الذهاب إلى الصفحة الرئيسية' },
    ]) {
      const response = await page.goto(`${prefix}/no-such-page/deeper`);
      expect(response!.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('dir', prefix ? 'rtl' : 'ltr');
      await expect(page.getByRole('link', { name: home })).toHaveAttribute('href', prefix || '/');
    }
  });
});

test('the 404 page passes axe (en, ar) @phone', async ({ page }) => {
  for (const { prefix } of LOCALES) {
    await page.goto(`${prefix}/no-such-page`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);
  }
});

/**
 * Every visible link, button and field smaller than 44x44 CSS px (DESIGN.md). WCAG 2.5.8's inline exception only: a
 * link inside a sentence of a paragraph. A checkbox or radio is measured by its label, which takes the tap.
 */
function smallTargets() {
  const MIN = 44;
  const found: string[] = [];
  const selector = 'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="tab"], [role="link"]';
  for (const el of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
    if (el.closest('[hidden], [aria-hidden="true"], [inert], details:not([open]) > :not(summary)')) continue;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || style.display === 'none') continue;
    let box = el.getBoundingClientRect();
    // nothing to tap, or visually hidden until focused (a skip link)
    if (box.width <= 1 || box.height <= 1) continue;
    const input = el as HTMLInputElement;
    if (el.tagName === 'INPUT' && (input.type === 'checkbox' || input.type === 'radio')) {
      const label = el.closest('label') ?? (input.id ? document.querySelector(`label[for="${input.id}"]`) : null);
      if (label) box = label.getBoundingClientRect();
    }
    // a stretched link (the card's title) takes taps on its whole positioned box
    const after = getComputedStyle(el, '::after');
    const stretched = after.content !== 'none' && after.position === 'absolute' && el.offsetParent !== null;
    if (stretched) box = el.offsetParent!.getBoundingClientRect();
    if (el.tagName === 'A' && style.display === 'inline' && !stretched) {
      const paragraph = el.closest('p');
      if (paragraph && (paragraph.textContent ?? '').trim() !== (el.textContent ?? '').trim()) continue;
    }
    if (box.width < MIN - 0.5 || box.height < MIN - 0.5) {
      const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30);
      found.push(`${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(' ').join('.')}` : ''} "${name}" ${Math.round(box.width)}x${Math.round(box.height)}`);
    }
  }
  return found;
}

// @phone-only: this block fixes a 390 px viewport, so the desktop project's run drew the same pages again (nothing in the
// product reads the device, the pointer or the user agent to draw)
test.describe('taps of at least 44 px at 390 px @phone-only', () => {
  test.use({ viewport: PHONE });

  for (const { prefix, name } of LOCALES) {
    test(`home, story, payment and sign-in pages, header menu and footer (${name}) @phone-only`, async ({ page, request }) => {
      test.setTimeout(120_000);
      const f = await openFundraiser(request, true);
      for (const path of ['/', `/stories/${f.custom_tag}`, paymentUrl(f), '/new/signin']) {
        await page.goto(`${prefix}${path}`);
        expect.soft(await page.evaluate(smallTargets), `${prefix}${path}`).toEqual([]);
      }
      // the header's menu, opened
      await page.locator('.mobile-menu summary').click();
      expect.soft(await page.evaluate(smallTargets), `${prefix} open menu`).toEqual([]);
    });
  }
});

test('screenshots of the screens this issue changed (390 and 1366 px, en and ar) @phone-only', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const f = await openFundraiser(request, true);
  for (const { prefix, name } of LOCALES) {
    await shoot(browser, `currency-picker-${name}`, paymentUrl(f, prefix), async (page) => {
      await page.locator('#pay-currency').selectOption('GBP');
      await page.locator('#pay-currency').scrollIntoViewIfNeeded();
    });
    await shoot(
      browser,
      `ticker-${name}`,
      `${prefix}/stories/${f.custom_tag}`,
      async (page) => {
        await expect(page.getByTestId('donation-ticker')).toHaveAttribute('data-visible', 'true', { timeout: 15_000 });
      },
      { extraHTTPHeaders: { 'x-country-code': 'GB' } },
    );
    await shoot(browser, `footer-${name}`, `${prefix}/about-us`, async (page) => {
      await page.getByTestId('platform-figures').scrollIntoViewIfNeeded();
    });
    await shoot(browser, `404-${name}`, `${prefix}/no-such-page`, async (page) => {
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    });
    for (const [screen, path] of [
      ['home', '/'],
      ['story', `/stories/${f.custom_tag}`],
      ['payment', paymentUrl(f)],
      ['signin', '/new/signin'],
    ] as const) {
      await shoot(browser, `${screen}-${name}`, `${prefix}${path}`, async () => {});
    }
  }
  await shoot(browser, 'footer-hi', '/hi/about-us', async (page) => {
    await page.getByTestId('platform-figures').scrollIntoViewIfNeeded();
  });
});
