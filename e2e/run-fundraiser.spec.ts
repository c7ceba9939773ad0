// A campaigner runs a live fundraiser from its dashboard: posts an update with a picture that shows on the
// story, offers a reward; a donor gives with the reward; the dashboard's chart and the reward's count follow.
import sharp from 'sharp';
import { expect, test } from '@playwright/test';
import { logIn } from './support/sign-in';

const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;


test('a campaigner posts an update with a picture and offers a reward; a donor gives with it; the dashboard follows', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await logIn(page, 'campaigner3@demo.sahyog.in');
  await page.goto('/manage/list');
  // a running, public rupee fundraiser of theirs
  const item = page.locator('.managed-item').filter({ hasText: 'Running' }).filter({ hasNotText: 'Private' }).filter({ hasText: '₹' }).first();
  await item.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/manage\/fundraiser\/\d+$/);
  const dashboard = page.url();
  const storyHref = (await page.getByRole('link', { name: 'View story' }).getAttribute('href'))!;
  const donationsBefore = Number((await page.locator('.chart-table tbody tr').last().locator('td').first().textContent()) ?? '0');

  // an update with a picture, through the story editor
  await page.getByLabel('Title (optional)').fill(`Surgery done ${run}`);
  const editor = page.getByRole('textbox', { name: 'Update' });
  await editor.click();
  await editor.pressSequentially('The surgery went well. Thank you for standing with us. ', { delay: 5 });
  const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#2e86c1' } }).png().toBuffer();
  await page.locator('[aria-labelledby=update-heading] .story-editor input[type=file]').setInputFiles({ name: 'ward.png', mimeType: 'image/png', buffer: png });
  await expect(editor.locator('img')).toHaveAttribute('src', /\/media\/uploads\//);
  await page.getByRole('button', { name: 'Post update' }).click();
  await expect(page.getByText(/Posted\. It is on the story/)).toBeVisible();

  // a reward with two to give
  await page.getByLabel('Reward', { exact: true }).fill(`Thank-you video ${run}`);
  await page.getByLabel('Smallest donation (INR)').fill('1500');
  await page.getByLabel('How many').fill('2');
  await page.getByRole('button', { name: 'Add reward' }).click();
  await expect(page.getByTestId('reward-list')).toContainText(`Thank-you video ${run}`);
  await expect(page.getByTestId('reward-list')).toContainText('2 left');

  // the story shows both at once
  await page.goto(storyHref);
  await expect(page.locator('#updates')).toContainText(`Surgery done ${run}`);
  await expect(page.locator('#updates img').first()).toHaveAttribute('src', /\/media\/uploads\//);
  const card = page.locator('.reward-card').filter({ hasText: `Thank-you video ${run}` });
  await expect(card).toContainText('2 left');

  // a donor (another person) gives with the reward
  const donorContext = await browser.newContext();
  const donor = await donorContext.newPage();
  await donor.goto(storyHref);
  await donor.locator('.reward-card').filter({ hasText: `Thank-you video ${run}` }).getByRole('link', { name: 'Choose this reward' }).click();
  await expect(donor).toHaveURL(/reward=\d+/);
  await expect(donor.getByRole('radio', { name: new RegExp(`Thank-you video ${run}`) })).toBeChecked();
  await expect(donor.getByLabel('Other amount')).toHaveValue('1500');
  await donor.getByLabel('Full name').fill('Nisha Rao');
  await donor.getByLabel('Email').fill(`nisha-${run}@example.com`);
  await donor.getByLabel('Mobile number').fill('98765 43210');
  await donor.getByLabel('Debit or credit card').check();
  await donor.getByRole('button', { name: /^Contribute/ }).click();
  await donor.getByRole('button', { name: 'Pay (success)' }).click();
  await expect(donor.getByTestId('thank-you')).toBeVisible({ timeout: 20_000 });
  await donorContext.close();

  // the campaigner sees one reward fewer and the gift on today's bar
  await page.goto(dashboard);
  await expect(page.getByTestId('reward-list')).toContainText('1 left');
  await expect(page.getByTestId('reward-list')).toContainText('1 given');
  const donationsAfter = Number(await page.locator('.chart-table tbody tr').last().locator('td').first().textContent());
  expect(donationsAfter).toBe(donationsBefore + 1);

  // removing the reward a donor chose retires it: it stays on their gift and is offered to no one new
  const offered = page.getByTestId('reward-list').locator('li').filter({ hasText: `Thank-you video ${run}` });
  await offered.getByRole('button', { name: 'Remove' }).click();
  await expect(offered).toContainText('No longer offered');
  await expect(offered.getByRole('button', { name: 'Remove' })).toHaveCount(0);
  await expect(page.getByText('Donors have chosen this reward, so it stays on their gifts')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('reward-list')).toContainText('No longer offered');
  await expect(page.getByTestId('donor-list')).toContainText(`Reward: \u2068Thank-you video ${run}\u2069`);

  // the campaigner raises the goal from the dashboard; the story shows it at once
  await page.getByText('Edit the story').click();
  await page.getByLabel('Goal (INR)').fill('987654');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Saved. The story shows it now.')).toBeVisible();
  await page.goto(storyHref);
  await expect(page.getByTestId('goal')).toContainText(/9,87,654|987,654/);
  await expect(page.locator('.reward-card').filter({ hasText: `Thank-you video ${run}` })).toHaveCount(0);
});
