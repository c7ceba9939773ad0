import type { Page } from '@playwright/test';

/** Every demo account's password (README). */
export const DEMO_PASSWORD = 'Sahyog@2026';

/** Signs in with the password form, as a person would, and waits until the sign-in page has sent them on. */
export async function logIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/new/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.endsWith('/new/signin'));
}
