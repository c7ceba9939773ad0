import type { Cookie, Page } from '@playwright/test';

/** Every demo account's password (README). */
export const DEMO_PASSWORD = 'Sahyog@2026';

// the demo reviewer's session cookies in this worker (a worker talks to one lane's server): the product allows
// LOGIN_LIMIT_PER_EMAIL sign-ins an account in 15 minutes, and the suite signs the reviewer in more often than that. Only
// the reviewer's: every test that signs the reviewer in then opens a review page itself, while a donor's tests read the
// page a fresh sign-in lands on (the portfolio, the SIP notice)
const REVIEWER = 'reviewer@demo.sahyog.in';
let reviewerSession: Cookie[] | null = null;

/** Signs in with the password form, as a person would, and waits until the sign-in page has sent them on. */
export async function logIn(page: Page, email: string, password = DEMO_PASSWORD) {
  if (email === REVIEWER && reviewerSession) {
    await page.context().addCookies(reviewerSession);
    return;
  }
  await page.goto('/new/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.endsWith('/new/signin'));
  if (email === REVIEWER && password === DEMO_PASSWORD) reviewerSession = await page.context().cookies();
}
