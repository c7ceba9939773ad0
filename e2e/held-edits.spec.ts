// A live fundraiser's new words that the screening flags (a UPI ID, a phone number) wait for a reviewer.
// The campaigner's dashboard says the change waits and why; the story keeps its words until a reviewer, comparing old
// and new, approves (the story shows it) or declines (the dashboard shows the reason), in English and in Arabic.
import { expect, test, type Page } from '@playwright/test';
import { logIn } from './support/sign-in';

const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

/** The dashboard of one of the campaigner's running, public rupee fundraisers, with its title and story address. */
async function openDashboard(page: Page, email: string, prefix = '') {
  await logIn(page, email);
  await page.goto('/manage/list');
  const item = page.locator('.managed-item').filter({ hasText: 'Running' }).filter({ hasNotText: 'Private' }).filter({ hasText: '₹' }).first();
  await item.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/manage\/fundraiser\/\d+$/);
  const id = /\/manage\/fundraiser\/(\d+)$/.exec(page.url())![1];
  const storyHref = (await page.getByRole('link', { name: 'View story' }).getAttribute('href'))!;
  const title = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();
  if (prefix) await page.goto(`${prefix}/manage/fundraiser/${id}`);
  return { id, storyHref, title };
}

/** Opens "Edit the story" unless the dashboard opened it already (a change waits or was declined). */
async function openEditor(page: Page, summary: string) {
  if (!(await page.locator('#edit-story[open]').count())) await page.getByText(summary).click();
}

const noSideways = async (page: Page) => expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

test('a UPI ID edited into a live story waits for review; the reviewer compares and approves; the story shows it @phone', async ({ page, browser }, testInfo) => {
  test.setTimeout(120_000);
  const { id, storyHref, title } = await openDashboard(page, 'campaigner10@demo.sahyog.in');
  // new on each project's run: an address approved once is not held again
  const upi = `ravi.${run}${testInfo.project.name}@okaxis`;

  await openEditor(page, 'Edit the story');
  const story = page.locator('#edit-story').getByRole('textbox', { name: 'Story' });
  await story.click();
  await page.keyboard.press('Control+End');
  await story.pressSequentially(` Pay directly to ${upi} for faster help.`, { delay: 5 });
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByTestId('edit-notice')).toContainText('Saved, but not public yet');
  // the server's word, after the refresh: it waits, and for what
  await expect(page.getByTestId('edit-held')).toContainText('Your change is waiting for review');
  await expect(page.getByTestId('edit-held')).toContainText('UPI ID');
  await expect(page.getByTestId('edit-held')).toContainText(upi);
  await expect(page.getByTestId('held-banner')).toContainText('A change to your story is waiting for review.');
  await noSideways(page);

  // the story keeps its words (and its Contribute) meanwhile
  await page.goto(storyHref);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.getByTestId('story-body')).not.toContainText(upi);

  // a reviewer sees old beside new, with what was found, and approves
  const reviewerContext = await browser.newContext();
  const reviewer = await reviewerContext.newPage();
  await logIn(reviewer, 'reviewer@demo.sahyog.in');
  await reviewer.goto('/review');
  await reviewer.getByTestId('held-queue').getByRole('link', { name: title }).click();
  await expect(reviewer).toHaveURL(new RegExp(`/review/${id}$`));
  await expect(reviewer.getByTestId('review-flags')).toContainText(upi);
  await expect(reviewer.getByTestId('diff-story_description').locator('ins')).toContainText(upi);
  await reviewer.getByRole('button', { name: 'Approve the change' }).click();
  await expect(reviewer.getByTestId(/^change-\d+-outcome$/)).toContainText('Approved: the story shows the new words');
  await reviewerContext.close();

  await page.goto(storyHref);
  await expect(page.getByTestId('story-body')).toContainText(upi);
  await page.goto(`/manage/fundraiser/${id}`);
  await expect(page.getByTestId('held-banner')).toHaveCount(0);
});

test('in Arabic: a phone number in a new title waits; the reviewer declines; the dashboard gives the reason @phone', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const { id, storyHref, title } = await openDashboard(page, 'campaigner11@demo.sahyog.in', '/ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

  await openEditor(page, 'تعديل القصة');
  await page.locator('#edit-title').fill(`Call 98450 67123 for Ravi ${run}`);
  await page.getByRole('button', { name: 'حفظ التغييرات' }).click();
  await expect(page.getByTestId('edit-held')).toContainText('تعديلك بانتظار المراجعة');
  await expect(page.getByTestId('edit-held')).toContainText('98450 67123');
  await noSideways(page);

  const reviewerContext = await browser.newContext();
  const reviewer = await reviewerContext.newPage();
  await logIn(reviewer, 'reviewer@demo.sahyog.in');
  await reviewer.goto(`/ar/review/${id}`);
  await expect(reviewer.getByTestId('diff-title').locator('ins')).toContainText('98450 67123');
  const reason = `Phone numbers in the title send donors away from Sahyog ${run}`;
  await reviewer.getByRole('textbox', { name: 'سبب الرفض' }).fill(reason);
  await reviewer.getByRole('button', { name: 'رفض', exact: true }).click();
  await expect(reviewer.getByTestId(/^change-\d+-outcome$/)).toContainText('تم الرفض');
  await reviewerContext.close();

  await page.reload();
  await expect(page.getByTestId('held-banner')).toContainText('لم يُنشر تعديلك الأخير على القصة.');
  await expect(page.getByTestId('edit-declined')).toContainText(reason);
  await page.goto(storyHref);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
});
