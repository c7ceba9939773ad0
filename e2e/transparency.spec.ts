// The public transparency page on a phone and a desktop, in English and Arabic: the money table, payouts, review
// send-backs and field speed, its wide tables scrolling inside their panels rather than the page.
import { expect, test } from '@playwright/test';

for (const [prefix, heading] of [['', 'Transparency'], ['/ar', 'الشفافية']] as const) {
  test(`the transparency page reads on a phone (${prefix || 'en'}) @phone`, async ({ page }) => {
    await page.goto(`${prefix}/transparency`);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    // from the first month with money to this one, this one first
    await expect(page.getByTestId('transparency-money').locator('tbody tr').first()).toBeVisible();
    await expect(page.getByTestId('transparency-payouts')).toBeVisible();
    await expect(page.getByTestId('transparency-review')).toBeVisible();
    await expect(page.getByTestId('transparency-speed').locator('tbody tr')).toHaveCount(4);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    // the footer links to it from every page
    await page.goto(`${prefix}/`);
    await expect(page.locator('footer').getByRole('link', { name: heading })).toHaveAttribute('href', `${prefix}/transparency`);
  });
}
