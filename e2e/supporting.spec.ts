// Supporting fundraisers: a supporter starts one from a running story; a gift to it shows on its page and
// in the parent's total, and the parent lists it with what it raised. It waits for a reviewer, who sees
// the fundraiser it supports, before it is public.
import { expect, test, type Page } from '@playwright/test';
import { paidThankYouPath } from './support/donation';
import { logIn } from './support/sign-in';

const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
const rupees = async (page: Page) => Number(((await page.getByTestId('raised').textContent()) ?? '').replace(/[^\d]/g, ''));

test('a supporter starts a supporting fundraiser; approved by a reviewer, a gift to it shows on both pages @phone', async ({ page, request, browser }) => {
  test.setTimeout(120_000);
  // a running, public rupee fundraiser that takes supporters
  const list = (await (await request.get('/api/fundraisers?limit=24')).json()).data as { custom_tag: string; currency: string; is_ended?: boolean }[];
  let parentPath = '';
  for (const f of list.filter((x) => x.currency === 'INR')) {
    await page.goto(`/stories/${f.custom_tag}`);
    if (await page.getByTestId('start-supporting').count()) {
      parentPath = new URL(page.url()).pathname;
      break;
    }
  }
  expect(parentPath).not.toBe('');
  const parentTitle = (await page.locator('h1').textContent())!.trim();
  const before = await rupees(page);

  // signed out, the invitation leads through sign-in and back
  await page.getByTestId('start-supporting').click();
  await expect(page).toHaveURL(/\/new\/signin\?redirect_uri=/);
  await page.getByLabel('Email').fill('donor2@demo.sahyog.in');
  await page.getByLabel('Password').fill('Sahyog@2026');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/supportfundraiser\//);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Start a supporting fundraiser');

  // the form's own rules first, then a real start
  await page.getByLabel('Why you are raising').fill('Too short');
  await page.getByRole('button', { name: 'Start my fundraiser' }).click();
  await expect(page.getByText(/Please tell supporters why you are raising/)).toBeVisible();
  await page.getByLabel('Title').fill(`Running club ${run} raises`);
  await page.getByLabel('Why you are raising').fill('Our running club is raising for this family.\n\nEvery kilometre we run this month, we ask friends to give.');
  await page.getByLabel(/Your goal/).fill('20000');
  await page.getByRole('button', { name: 'Start my fundraiser' }).click();
  // it waits for review: not public yet
  await expect(page.getByTestId('supporting-sent')).toContainText('Sent for review');
  await expect(page.getByTestId('supporting-sent')).toContainText(`Running club ${run} raises`);
  await page.goto(parentPath);
  await expect(page.locator('#supporting li').filter({ hasText: `Running club ${run} raises` })).toHaveCount(0);

  // a reviewer reads it, beside the fundraiser it supports, and approves it
  const reviewerContext = await browser.newContext();
  const reviewer = await reviewerContext.newPage();
  await logIn(reviewer, 'reviewer@demo.sahyog.in');
  await reviewer.goto('/review');
  await reviewer.getByRole('link', { name: `Running club ${run} raises` }).click();
  await expect(reviewer.getByTestId('review-supports')).toContainText(parentTitle);
  await reviewer.getByRole('button', { name: 'Approve' }).click();
  await expect(reviewer.getByTestId('review-outcome')).toContainText('Approved');
  const storyHref = (await reviewer.getByRole('link', { name: 'View the story' }).getAttribute('href'))!;
  const supporting = { id: Number(/\/review\/(\d+)/.exec(reviewer.url())![1]), custom_tag: storyHref.replace(/^.*\/stories\//, '') };
  await reviewerContext.close();

  await page.goto(storyHref);
  await expect(page).toHaveURL(/\/stories\/running-club-/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Running club ${run} raises`);
  await expect(page.getByTestId('supports')).toContainText(parentTitle);
  expect(await rupees(page)).toBe(0);

  // a donor gives ₹500 to the supporting fundraiser
  await paidThankYouPath(page.request, supporting, { donated_amount: 500, donor_name: 'Kiran Das', donor_email: `kiran-${run}@example.com` });
  await page.reload();
  expect(await rupees(page)).toBe(500);

  // the parent's total moved by the same gift, and it lists the supporter with what it raised
  await page.getByTestId('supports').getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`${parentPath}$`));
  expect(await rupees(page)).toBe(before + 500);
  const card = page.locator('#supporting li').filter({ hasText: `Running club ${run} raises` });
  await expect(card).toContainText('₹500');
});
