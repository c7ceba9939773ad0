// Spec 9: the utm fields of a landing URL are kept in cookies for 7 days and reach what the visitor creates
// later (here a draft fundraiser); the home page shows the campaigns this browser visited, newest first.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { RECENTLY_VISITED_STORAGE_KEY } from '../lib/story/recently-visited';
import { logIn } from './support/sign-in';

const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
const SEVEN_DAYS_S = 7 * 24 * 60 * 60;

async function activeFundraisers(request: APIRequestContext): Promise<{ custom_tag: string; title: string }[]> {
  const list = await (await request.get('/api/fundraisers?limit=100&status=active')).json();
  return list.data;
}

test('a landing URL keeps its utm fields in 7-day cookies, and a draft made later carries them @phone', async ({ page, context, request }) => {
  const [f] = await activeFundraisers(request);
  const landedAt = Date.now() / 1000;
  await page.goto(`/stories/${f.custom_tag}?utm_source=e2e-news&utm_medium=email&utm_campaign=${run}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(f.title);
  const utm = Object.fromEntries((await context.cookies()).filter((c) => c.name.startsWith('utm_')).map((c) => [c.name, c]));
  expect(Object.keys(utm).sort()).toEqual(['utm_campaign', 'utm_medium', 'utm_source']);
  expect(utm.utm_source.value).toBe('e2e-news');
  expect(utm.utm_source.httpOnly).toBe(true);
  expect(utm.utm_source.expires).toBeGreaterThan(landedAt + SEVEN_DAYS_S - 120);
  expect(utm.utm_source.expires).toBeLessThan(landedAt + SEVEN_DAYS_S + 120);

  // pages without utm fields leave them alone
  await page.goto('/all-fundraisers');
  expect((await context.cookies()).find((c) => c.name === 'utm_campaign')?.value).toBe(run);

  await logIn(page, 'donor7@demo.sahyog.in');
  const draft = await page.evaluate(async () => {
    const r = await fetch('/api/campaigns', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ parent_cause_id: 20 }) });
    return { status: r.status, body: await r.json() };
  });
  expect(draft.status).toBe(201);
  expect(draft.body.data.utm).toEqual({ utm_source: 'e2e-news', utm_medium: 'email', utm_campaign: run });
});

test('the home page shows the campaigns this browser visited, newest first, and nothing before any visit @phone', async ({ page, request }) => {
  const [first, second] = await activeFundraisers(request);
  await page.goto('/');
  await expect(page.getByTestId('section-trending')).toBeVisible();
  await expect(page.getByTestId('section-recently-visited')).toHaveCount(0);

  for (const f of [first, second]) {
    await page.goto(`/stories/${f.custom_tag}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(f.title);
    // the heading is in the server's HTML; the visit is kept once the page has hydrated, which a loaded machine reaches
    // after the test had already moved on
    await expect.poll(() => page.evaluate((key) => localStorage.getItem(key) ?? '', RECENTLY_VISITED_STORAGE_KEY)).toContain(`"${f.custom_tag}"`);
  }
  await page.goto('/');
  const row = page.getByRole('region', { name: 'Recently visited' });
  await expect(row).toBeVisible();
  await expect(row.getByRole('heading', { level: 3 })).toHaveText([second.title, first.title]);
  await expect(row.getByRole('link', { name: second.title })).toHaveAttribute('href', `/stories/${second.custom_tag}`);
  // the row appears below everything else: nothing wider than the screen, nothing above it moved
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(await page.evaluate(() => window.innerWidth));
  const trending = await page.getByTestId('section-trending').boundingBox();
  const visited = await row.boundingBox();
  expect(visited!.y).toBeGreaterThan(trending!.y);
});

test('utm fields from a landing URL reach the order of a gift given later in the visit @phone', async ({ page, request }) => {
  const list = await (await request.get('/api/fundraisers?limit=100&status=active')).json();
  const f = list.data.find((x: { currency: string; is_ended: boolean; is_private: boolean }) => x.currency === 'INR' && !x.is_ended && !x.is_private);
  await page.goto(`/stories/${f.custom_tag}?utm_source=e2e-whatsapp&utm_medium=social&utm_campaign=gift-${run}`);
  await logIn(page, 'donor7@demo.sahyog.in');
  // another page in between: the cookies, not the address, carry the campaign to the gift
  await page.goto(`/new/payment?ct=${f.custom_tag}&id=${f.id}&payment=form`);
  await page.getByRole('button', { name: '₹1,000' }).first().click();
  await page.getByLabel('Full name').fill('Asha Verma');
  await page.getByLabel('Email').fill(`utm-${run}@example.com`);
  await page.getByLabel('Mobile number').fill('98765 43210');
  await page.getByLabel('Debit or credit card').check();
  await page.getByRole('button', { name: /^Contribute/ }).click();
  await page.getByRole('button', { name: 'Pay (success)' }).click();
  await expect(page.getByTestId('thank-you')).toBeVisible({ timeout: 20_000 });
  const oi = new URL(page.url()).searchParams.get('oi');
  expect(oi).toBeTruthy();
  const order = await page.evaluate(async (id) => (await (await fetch(`/api/orders/${id}`)).json()).data, oi);
  expect(order.status).toBe('success');
  expect(order.utm).toEqual({ utm_source: 'e2e-whatsapp', utm_medium: 'social', utm_campaign: `gift-${run}` });
});
