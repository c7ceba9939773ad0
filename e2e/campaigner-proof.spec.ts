// A new campaigner on a 390 px phone starts a medical fundraiser for her father; the hospital is not
// in the list, so she enters its name and city; she adds the medical estimate and his ID and sends it for review. A
// reviewer confirms the hospital, checks the documents and approves; the story shows the hospital and "documents
// verified". She signs in again, lands on her fundraisers, finds them in the menu and shares from the dashboard.
// In English and in Arabic, every label read from the product's own messages.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { expect, test, type Page } from '@playwright/test';
import en from '../messages/en.json';
import ar from '../messages/ar.json';
import { expectNoAxeViolations } from './support/axe';

test.use({ viewport: { width: 390, height: 844 } });

const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
const inDays = (days: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date(Date.now() + days * 86_400_000));
const PASSWORD = 'Strong1pass';
/** SHOTS_DIR=/work/shots/campaigner: each screen this journey changes, at 390 px and at 1366 px */
const SHOTS = process.env.SHOTS_DIR;

async function shoot(page: Page, name: string, locale: string, target?: string) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    if (target) await page.locator(target).first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, `${name}-${locale}-${width}.png`) });
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

const noSideways = async (page: Page) => expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
const picture = (colour: string, width = 1200, height = 900) => sharp({ create: { width, height, channels: 3, background: colour } }).jpeg().toBuffer();

/** Signs in with the password form in the page's language; the product decides where she lands. */
async function signIn(page: Page, prefix: string, m: typeof en, email: string, password: string) {
  await page.goto(`${prefix}/new/signin`);
  await page.getByLabel(m.Auth.email).fill(email);
  await page.getByLabel(m.Auth.password).fill(password);
  await page.getByRole('button', { name: m.Auth.login, exact: true }).click();
  await page.waitForURL((url) => !url.pathname.endsWith('/new/signin'));
}

for (const [locale, m] of [
  ['en', en],
  ['ar', ar],
] as const) {
  const prefix = locale === 'en' ? '' : `/${locale}`;

  test(`${locale}: a new campaigner's medical fundraiser with a hospital not in the list and its documents, checked by a reviewer, shown on the story, then shared from her dashboard @phone-only`, async ({ page, browser, context }) => {
    test.setTimeout(240_000);
    const email = `meera-${locale}-${run}@example.com`;
    const hospital = `Sunrise Care Hospital ${locale} ${run}`;
    const title = `Bypass surgery for my father Suresh ${locale} ${run}`;
    const w = m.Wizard;

    // sign up first, sent back to the medical wizard
    await page.goto(`${prefix}/new/signin?${new URLSearchParams({ redirect_uri: `${prefix}/new/crowdfunding/medical` })}`);
    await page.getByRole('button', { name: m.Auth.toSignup }).click();
    await page.getByLabel(m.Auth.fullName).fill('Meera Patil');
    await page.getByLabel(m.Auth.email).fill(email);
    await page.getByLabel(m.Auth.phone).fill('98450 12345');
    await page.getByLabel(m.Auth.password).fill(PASSWORD);
    await page.getByRole('button', { name: m.Auth.signup, exact: true }).click();
    await expect(page).toHaveURL(/\/new\/crowdfunding\/medical$/);

    await page.getByLabel(m.Causes.cancer).check();
    await page.getByRole('button', { name: w.next }).click();
    await expect(page.getByRole('heading', { level: 1, name: w.steps.beneficiary.title })).toBeVisible();
    await page.getByLabel(w.relation.father).check();
    await page.getByLabel(w.beneficiaryName).fill('Suresh Patil');
    await page.getByRole('textbox', { name: w.beneficiaryAge, exact: true }).fill('61');
    await page.getByRole('textbox', { name: w.city, exact: true }).fill('Nashik');
    await page.getByRole('button', { name: w.next }).click();

    // the hospital is not in the list: "Nothing matches" no longer stops her
    await expect(page.getByRole('heading', { level: 1, name: w.steps.medical.title })).toBeVisible();
    const disease = page.getByRole('combobox', { name: w.disease });
    await disease.fill('lymphoblastic');
    await page.getByRole('option', { name: 'Acute Lymphoblastic Leukaemia' }).click();
    await page.getByRole('combobox', { name: w.hospital, exact: true }).fill(`Sunrise ${run}`);
    await expect(page.getByText(w.noMatch)).toBeVisible();
    await page.getByRole('button', { name: w.ownHospital.toggle }).click();
    await expect(page.getByLabel(w.ownHospital.name)).toBeFocused();
    await page.getByLabel(w.ownHospital.name).fill(hospital);
    await page.getByLabel(w.ownHospital.city).fill('Nashik');
    await page.getByLabel(w.hospitalisation.currently_hospitalised).check();
    await noSideways(page);
    await expectNoAxeViolations(page);
    await shoot(page, 'wizard-hospital', locale, '[data-testid="own-hospital"]');
    await page.getByRole('button', { name: w.next }).click();

    await expect(page.getByRole('heading', { level: 1, name: w.steps.story.title })).toBeVisible();
    await page.getByLabel(w.title).fill(title);
    const editor = page.getByRole('textbox', { name: w.story, exact: true });
    await editor.click();
    await editor.pressSequentially('My father Suresh needs a bypass surgery this month and we cannot meet the cost alone.', { delay: 2 });
    await page.getByRole('button', { name: w.next }).click();

    await expect(page.getByRole('heading', { level: 1, name: w.steps.goal.title })).toBeVisible();
    await page.getByLabel(w.goal).fill('300000');
    await page.getByLabel(w.endDate).fill(inDays(45));
    await page.getByRole('button', { name: w.next }).click();

    await expect(page.getByRole('heading', { level: 1, name: w.steps.images.title })).toBeVisible();
    await page.getByLabel(w.addCover).setInputFiles({ name: 'suresh.jpg', mimeType: 'image/jpeg', buffer: await picture('#c0392b', 1600, 900) });
    await expect(page.getByRole('img', { name: w.coverAlt })).toHaveAttribute('src', /\/media\/uploads\//);
    await page.getByRole('button', { name: w.next }).click();

    // documents: private to the reviewers, both needed before moving on
    await expect(page.getByRole('heading', { level: 1, name: w.steps.documents.title })).toBeVisible();
    await expect(page.getByTestId('documents-private')).toHaveText(w.documents.private);
    await page.getByRole('button', { name: w.next }).click();
    await expect(page.getByText(w.documents.medical_estimateMissing)).toBeVisible();
    await page.getByLabel(w.documents.medical_estimateAdd).setInputFiles({ name: 'estimate.jpg', mimeType: 'image/jpeg', buffer: await picture('#ffffff', 900, 1200) });
    await expect(page.getByTestId('medical_estimate-state')).toHaveText(w.documents.added);
    await page.getByLabel(w.documents.beneficiary_idAdd).setInputFiles({ name: 'aadhaar.jpg', mimeType: 'image/jpeg', buffer: await picture('#dbeafe', 1000, 630) });
    await expect(page.getByTestId('beneficiary_id-state')).toHaveText(w.documents.added);
    await expect(page.getByLabel(w.documents.beneficiary_idReplace)).toBeAttached();
    await noSideways(page);
    await expectNoAxeViolations(page);
    await shoot(page, 'wizard-documents', locale);
    await page.getByRole('button', { name: w.next }).click();

    await expect(page.getByRole('heading', { level: 1, name: w.steps.review.title })).toBeVisible();
    await expect(page.locator('.review-list')).toContainText(hospital);
    await page.getByRole('button', { name: w.submit }).click();
    await expect(page.getByRole('heading', { level: 1, name: w.underReview.title })).toBeVisible();

    // the reviewer: confirms the hospital, opens and checks the documents, approves
    const reviewerContext = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const reviewer = await reviewerContext.newPage();
    await signIn(reviewer, prefix, m, 'reviewer@demo.sahyog.in', 'Sahyog@2026');
    await reviewer.goto(`${prefix}/review`);
    await reviewer.getByRole('link', { name: title }).click();
    const proof = reviewer.getByTestId('review-proof');
    await expect(proof).toContainText(hospital);
    await expect(proof).toContainText(m.Review.proof.hospitalNew);
    const estimateHref = await proof.getByRole('link', { name: m.Review.proof.open.replace('{document}', m.Review.proof.medical_estimate) }).getAttribute('href');
    const opened = await reviewer.request.get(estimateHref!);
    expect(opened.status()).toBe(200);
    expect(opened.headers()['content-type']).toBe('image/webp');
    // the campaigner herself is not served it
    expect((await page.request.get(estimateHref!)).status()).toBe(404);
    // approving before the checks is refused, with the reason
    await reviewer.getByRole('button', { name: m.Review.approve }).click();
    await expect(reviewer.getByText(/Please confirm the hospital before approving/)).toBeVisible();
    await proof.getByRole('button', { name: m.Review.proof.confirmHospital }).click();
    await expect(proof).toContainText(m.Review.proof.hospitalListed);
    await proof.getByRole('button', { name: m.Review.proof.markChecked }).click();
    await expect(reviewer.getByTestId('documents-checked')).toHaveText(m.Review.proof.checked);
    await noSideways(reviewer);
    await expectNoAxeViolations(reviewer);
    await shoot(reviewer, 'reviewer-proof', locale, '[data-testid="review-proof"]');
    await reviewer.getByRole('button', { name: m.Review.approve }).click();
    await expect(reviewer.getByTestId('review-outcome')).toContainText(m.Review.approved);
    const storyHref = (await reviewer.getByRole('link', { name: m.Review.viewStory }).getAttribute('href'))!;
    await reviewerContext.close();

    // the story: the hospital and "documents verified", no document in sight
    await page.goto(storyHref);
    const storyProof = page.getByTestId('story-proof');
    await expect(storyProof.getByTestId('proof-hospital')).toContainText(hospital);
    await expect(storyProof.getByTestId('proof-documents')).toContainText(m.Story.proof.documentsVerified);
    expect(await page.content()).not.toMatch(/-private\.webp|\/api\/reviews\//);
    await noSideways(page);
    await expectNoAxeViolations(page);
    await shoot(page, 'story-proof', locale, '[data-testid="story-proof"]');

    // she signs in again: her fundraisers first, named in the menu
    await page.context().clearCookies();
    await signIn(page, prefix, m, email, PASSWORD);
    await expect(page).toHaveURL(/\/manage\/list$/);
    await expect(page.getByTestId('managed-fundraisers')).toContainText(title);
    await page.locator('details.mobile-menu > summary').click();
    const menuLink = page.locator('details.mobile-menu').getByTestId('my-fundraisers');
    await expect(menuLink).toHaveText(m.Header.myFundraisers);
    await shoot(page, 'campaigner-menu', locale);
    await page.locator('details.mobile-menu > summary').click();
    await page.getByTestId('managed-fundraisers').locator('.managed-item').filter({ hasText: title }).getByRole('link', { name: m.Manage.dashboard }).click();
    await expect(page).toHaveURL(/\/manage\/fundraiser\/\d+$/);

    // the dashboard opens with WhatsApp and the link, carrying the story's absolute address
    const share = page.getByTestId('dashboard-share');
    await expect(share).toBeInViewport();
    const tag = storyHref.split('/stories/')[1];
    const wa = (await share.getByTestId('dashboard-share-whatsapp').getAttribute('href'))!;
    expect(wa).toMatch(/^https:\/\/wa\.me\/\?text=/);
    const text = decodeURIComponent(wa.slice('https://wa.me/?text='.length));
    const origin = new URL(page.url()).origin;
    expect(text).toContain(`${origin}${prefix}/stories/${tag}`);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
    await share.getByRole('button', { name: m.Story.copyLink }).click();
    await expect(share.getByRole('button', { name: m.Story.linkCopied })).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain(`${origin}${prefix}/stories/${tag}`);
    await noSideways(page);
    await expectNoAxeViolations(page);
    await shoot(page, 'dashboard-share', locale);
  });
}
