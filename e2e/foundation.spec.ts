import { expect, test } from '@playwright/test';

test('home shows fundraiser cards and a card leads to its server-rendered story @phone', async ({ page }) => {
  await page.goto('/');
  const cards = page.getByTestId('fundraiser-card');
  await expect(cards.first()).toBeVisible();
  expect(await cards.count()).toBeGreaterThanOrEqual(6);
  const title = (await cards.first().getByRole('heading').textContent())!.trim();
  await cards.first().getByRole('heading').getByRole('link').click();
  await expect(page).toHaveURL(/\/stories\//);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.getByTestId('raised')).toContainText('₹');
  await expect(page.getByTestId('supporters-count')).toBeVisible();
});

test('the story is complete without JavaScript (view-source has the title and figures)', async ({ request }) => {
  const list = await (await request.get('/api/fundraisers?limit=100')).json();
  expect(list.data.length).toBeGreaterThanOrEqual(60);
  const f = list.data.find((x: { raised_minor: number }) => x.raised_minor > 0);
  const res = await request.get(`/stories/${f.custom_tag}`);
  expect(res.status()).toBe(200);
  const html = await res.text();
  expect(html).toContain(f.title.replace(/'/g, '&#x27;'));
  expect(html).toMatch(/data-testid="raised">₹[\d,]+/);
  expect(html).toContain(f.campaigner.full_name);
});

test('switching to Hindi and Arabic sets lang and dir', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'हिन्दी' }).click();
  await expect(page).toHaveURL(/\/hi$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await page.getByRole('link', { name: 'العربية' }).click();
  await expect(page).toHaveURL(/\/ar$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  // and back to English, which has no prefix
  await page.getByRole('link', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page).toHaveURL(/:\d+\/$/);
});

test('a legacy URL redirects and an unknown URL is a 404 page', async ({ page }) => {
  const legacy = await page.goto('/fundraisers/all_fundraisers.php');
  expect(legacy!.status()).toBe(200);
  await expect(page).toHaveURL(/\/all-fundraisers$/);
  await expect(page.getByTestId('fundraiser-card').first()).toBeVisible();
  const missing = await page.goto('/nope');
  expect(missing!.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

test('a white-label host shows the partner name and theme colour', async ({ request }) => {
  const res = await request.get('/', { headers: { host: 'partner.localhost' } });
  const html = await res.text();
  expect(html).toContain('Asha Giving');
  expect(html).toContain('--brand:#6d28d9');
  expect(html).toContain('GTM-ASHA01');
  expect(html).toContain('/media/brand/asha-favicon.svg');
  const plain = await (await request.get('/')).text();
  expect(plain).toContain('--brand:#0f766e');
});

test('without a DSN the browser loads no Sentry code', async ({ page, request }) => {
  const scripts: string[] = [];
  page.on('response', (r) => {
    if (r.url().endsWith('.js') || r.request().resourceType() === 'script') scripts.push(r.url());
  });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  for (const url of scripts) {
    const body = await (await request.get(url)).text();
    expect([url, /sentry\.io|@sentry\/|Sentry\.init|__SENTRY__/.test(body)]).toEqual([url, false]);
  }
});
