import { devices, expect, test } from '@playwright/test';
import { paidThankYouPath } from './support/donation';

// A donor arriving from WhatsApp on a phone. No sideways scrolling, and the raised amount,
// progress and Contribute are on the first screen, on the main and a partner domain, LTR and RTL.
const WIDTHS = [360, 390, 414];
const LOCALES = ['', '/hi', '/ar'];

test('the story page fits the phone and shows what matters first @phone-only', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const list = await (await request.get('/api/fundraisers?limit=20&status=active')).json();
  const f = list.data.find((x: { donor_count: number }) => x.donor_count > 0) ?? list.data[0];
  const port = new URL(test.info().project.use.baseURL ?? 'http://localhost:3200').port;
  for (const origin of [`http://localhost:${port}`, `http://partner.localhost:${port}`]) {
    for (const width of WIDTHS) {
      const context = await browser.newContext({ ...devices['iPhone 13'], viewport: { width, height: 780 } });
      const page = await context.newPage();
      for (const prefix of LOCALES) {
        const where = `${origin}${prefix}/stories/${f.custom_tag} at ${width}px`;
        await page.goto(`${origin}${prefix}/stories/${f.custom_tag}`);
        const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(scrollWidth, where).toBeLessThanOrEqual(width);
        for (const id of ['raised', 'contribute']) {
          const box = await page.getByTestId(id).first().boundingBox();
          expect(box, `${id} on ${where}`).not.toBeNull();
          expect(box!.y + box!.height, `${id} on ${where}`).toBeLessThanOrEqual(780);
          expect(box!.x, `${id} on ${where}`).toBeGreaterThanOrEqual(0);
          expect(box!.x + box!.width, `${id} on ${where}`).toBeLessThanOrEqual(width);
        }
        const bar = await page.getByRole('progressbar').first().boundingBox();
        expect(bar!.y + bar!.height, `progress on ${where}`).toBeLessThanOrEqual(780);
        // the sticky Contribute bar sits on the first screen, inside it, at its foot
        const sticky = await page.locator('.mobile-donate-bar').boundingBox();
        expect(sticky, `sticky bar on ${where}`).not.toBeNull();
        expect(sticky!.y + sticky!.height, `sticky bar on ${where}`).toBeLessThanOrEqual(780);
        expect(sticky!.y, `sticky bar on ${where}`).toBeGreaterThan(780 - 120);
      }
      await context.close();
    }
  }
});

test('no public page scrolls sideways on a phone, in en, hi and ar, on the main and a partner domain @phone-only', async ({ browser, request }) => {
  // about 60 page loads in three languages on two domains: a loaded CI machine has taken over 5 minutes for them
  test.setTimeout(480_000);
  const list = await (await request.get('/api/fundraisers?limit=20&status=active')).json();
  const f = list.data.find((x: { currency: string }) => x.currency === 'INR');
  const pages = [
    '/',
    `/stories/${f.custom_tag}`,
    '/all-fundraisers',
    `/new/payment?ct=${encodeURIComponent(f.custom_tag)}&id=${f.id}&payment=form`,
    await paidThankYouPath(request, f),
    '/new/signin',
    '/about-us',
    '/contact-us',
    '/trustandsafety',
    '/privacypolicy',
    '/blog',
    '/fundraiser-listing',
    '/no-such-page',
  ];
  const port = new URL(test.info().project.use.baseURL ?? 'http://localhost:3200').port;
  const overflowing: string[] = [];
  for (const origin of [`http://localhost:${port}`, `http://partner.localhost:${port}`]) {
    for (const width of WIDTHS) {
      const context = await browser.newContext({ ...devices['iPhone 13'], viewport: { width, height: 780 } });
      const page = await context.newPage();
      for (const prefix of LOCALES) {
        for (const path of pages) {
          const res = await page.goto(`${origin}${prefix}${path}`);
          if (path !== '/no-such-page') expect(res?.status(), `${origin}${prefix}${path}`).toBeLessThan(400);
          const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
          if (scrollWidth > width) overflowing.push(`${origin}${prefix}${path} at ${width}px: ${scrollWidth}px`);
        }
      }
      await context.close();
    }
  }
  expect(overflowing).toEqual([]);
});

test('at 320 px, the narrowest phone, no public page scrolls sideways in any of the six languages @phone-only', async ({ browser, request }) => {
  test.setTimeout(300_000);
  const list = await (await request.get('/api/fundraisers?limit=20&status=active')).json();
  const f = list.data.find((x: { currency: string }) => x.currency === 'INR');
  const pages = ['/', `/stories/${f.custom_tag}`, '/all-fundraisers', `/new/payment?ct=${encodeURIComponent(f.custom_tag)}&id=${f.id}&payment=form`, await paidThankYouPath(request, f), '/new/signin', '/about-us', '/contact-us', '/fundraiser-listing'];
  const context = await browser.newContext({ ...devices['iPhone SE'], viewport: { width: 320, height: 568 } });
  const page = await context.newPage();
  const overflowing: string[] = [];
  for (const prefix of ['', '/hi', '/ta', '/te', '/ar', '/ur']) {
    for (const path of pages) {
      await page.goto(`${prefix}${path}`);
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      if (scrollWidth > 320) overflowing.push(`${prefix}${path}: ${scrollWidth}px`);
      // long words stay inside their own box (the home and footer figures sit side by side)
      const spilling = await page.locator('.figures li').evaluateAll((els) => els.filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent));
      if (spilling.length) overflowing.push(`${prefix}${path}: ${spilling.join(' | ')} spill out of their figure`);
      // the skip link waits above the screen until it has focus
      const skip = await page.locator('.skip-link').boundingBox();
      if (skip && skip.y + skip.height > 0) overflowing.push(`${prefix}${path}: the skip link shows`);
    }
  }
  await context.close();
  expect(overflowing).toEqual([]);
});

test('payment form errors are styled as errors when the payment page is the first page opened @phone', async ({ page, request }) => {
  const list = await (await request.get('/api/fundraisers?limit=20&status=active')).json();
  const f = list.data.find((x: { currency: string }) => x.currency === 'INR');
  await page.goto(`/new/payment?ct=${encodeURIComponent(f.custom_tag)}&id=${f.id}&payment=form`);
  await page.getByLabel('Full name').fill('R2D2');
  await page.getByRole('button', { name: /^Contribute/ }).click();
  const error = page.getByText('Please enter a valid name');
  await expect(error).toBeVisible();
  const [errorColor, danger] = await error.evaluate((el) => {
    const probe = document.createElement('span');
    probe.style.color = 'var(--danger)';
    document.body.append(probe);
    return [getComputedStyle(el).color, getComputedStyle(probe).color];
  });
  expect(errorColor).toBe(danger);
});

test('the payment page on a 360 px phone: the fundraiser in view, presets in one row, Other amount empty, the pay button on screen, +91 left-to-right in Arabic @phone-only', async ({ browser, request }) => {
  const list = await (await request.get('/api/fundraisers?limit=20&status=active')).json();
  const f = list.data.find((x: { currency: string }) => x.currency === 'INR');
  const context = await browser.newContext({ ...devices['iPhone 13'], viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  for (const prefix of ['', '/ar']) {
    await page.goto(`${prefix}/new/payment?ct=${encodeURIComponent(f.custom_tag)}&id=${f.id}&payment=form`);
    await expect(page.getByTestId('pay-summary')).toContainText(f.title);
    const chips = await page.locator('.presets .chip').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().top));
    expect(chips).toHaveLength(4);
    expect(new Set(chips.map(Math.round)).size).toBe(1);
    await expect(page.locator('#pay-donated_amount')).toHaveValue('');
    const pay = await page.locator('.pay-bar button[type=submit]').boundingBox();
    expect(pay!.y + pay!.height).toBeLessThanOrEqual(740);
    expect(await page.locator('#pay-donor_extension').evaluate((e) => getComputedStyle(e).direction)).toBe('ltr');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  }
  await context.close();
});

// where a character of an element's text is drawn: the left edge of its box on screen
async function charLeft(page: import('@playwright/test').Page, selector: string, needle: string, offsetInNeedle: number): Promise<number> {
  return page.locator(selector).first().evaluate(
    (el, [n, k]) => {
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const at = node.textContent!.indexOf(n as string);
        if (at < 0) continue;
        const range = document.createRange();
        range.setStart(node, at + (k as number));
        range.setEnd(node, at + (k as number) + 1);
        return range.getBoundingClientRect().left;
      }
      throw new Error(`${n} not found`);
    },
    [needle, offsetInNeedle] as const,
  );
}

test('in Arabic, +91 keeps its plus in front and a Latin title keeps its quotes around it', async ({ page, request }) => {
  const list = await (await request.get('/api/fundraisers?limit=20&status=active')).json();
  const f = list.data.find((x: { currency: string; title: string }) => x.currency === 'INR' && /^[A-Za-z]/.test(x.title));
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(`/ar/new/payment?ct=${encodeURIComponent(f.custom_tag)}&id=${f.id}&payment=form`);
  // '+91 90000 12345' in the footer: the plus left of the 9, the country code left of the number
  expect(await charLeft(page, '.site-footer', '+91', 0)).toBeLessThan(await charLeft(page, '.site-footer', '+91', 1));
  expect(await charLeft(page, '.site-footer', '+91 90000', 1)).toBeLessThan(await charLeft(page, '.site-footer', '+91 90000', 4));
  // «title»: the opening quote on the right of the title's first letter, the closing one on the left of its last
  const title = f.title as string;
  const h1 = '[data-testid=pay-summary] h1';
  expect(await charLeft(page, h1, '«', 0)).toBeGreaterThan(await charLeft(page, h1, title, 0));
  expect(await charLeft(page, h1, '»', 0)).toBeLessThan(await charLeft(page, h1, title, title.length - 1));
});

test('the skip link comes on screen with the first Tab, in Tamil too', async ({ page }) => {
  await page.goto('/ta/about-us');
  await page.keyboard.press('Tab');
  const skip = page.locator('.skip-link');
  await expect(skip).toBeFocused();
  const box = await skip.boundingBox();
  expect(box!.y).toBeGreaterThanOrEqual(0);
});
