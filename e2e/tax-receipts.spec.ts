// 80G end to end: a guest gives to an 80G NGO's fundraiser with PAN and address, opens the receipt from the email's
// link and downloads its 80G PDF (the receipt number inside); the NGO then downloads Form 10BD with that gift in it.
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { logIn } from './support/sign-in';

const NGO = 'ngo1@demo.sahyog.in';

test('a donor gets an 80G PDF receipt and the NGO files the gift in Form 10BD', async ({ browser, request }) => {
  // the NGO's own running fundraiser, from its manage list
  const ngoContext = await browser.newContext();
  const ngoPage = await ngoContext.newPage();
  await logIn(ngoPage, NGO);
  await ngoPage.goto('/manage/list');
  const own = await ngoPage.getByTestId('managed-fundraisers').locator('a[href^="/stories/"]').evaluateAll((links) => links.map((a) => a.getAttribute('href')!.split('/').pop()!));
  const active = (await (await request.get('/api/fundraisers?limit=100&status=active')).json()).data as { custom_tag: string; currency: string; is_ended: boolean; is_private: boolean }[];
  const f = active.find((x) => own.includes(x.custom_tag) && x.currency === 'INR' && !x.is_ended && !x.is_private);
  expect(f, 'a running rupee fundraiser of the demo NGO').toBeTruthy();

  // a guest gives with PAN and address
  const donorContext = await browser.newContext();
  const page = await donorContext.newPage();
  const email = `pan-donor-${Date.now()}@example.com`;
  const pan = `PANPD${String(Date.now()).slice(-4)}K`;
  await page.goto(`/stories/${f!.custom_tag}`);
  await page.getByTestId('contribute').first().click();
  await expect(page).toHaveURL(/\/new\/payment\?/);
  await page.getByLabel('Full name').fill('Asha Rao');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Mobile number').fill('98765 43210');
  await page.getByLabel('I want an 80G tax receipt').check();
  await page.getByLabel('PAN (for an 80G tax receipt)').fill(pan);
  await page.getByLabel('Postal address').fill('4 Lake View, Koregaon Park, Pune');
  await page.getByLabel('Debit or credit card').check();
  await page.getByRole('button', { name: /^Contribute/ }).click();
  await page.getByRole('button', { name: 'Pay (success)' }).click();
  await expect(page.getByTestId('thank-you')).toBeVisible({ timeout: 20_000 });

  // the receipt email's link opens the receipt signed out, with the 80G receipt to download
  await page.goto('/dev/outbox');
  const mail = page.getByTestId('outbox-message').filter({ hasText: email }).filter({ hasText: '80G receipt number' }).first();
  const link = /https?:\/\/\S+\/portfolio\/receipts\/\S+receipt_token=[\w.-]+/.exec((await mail.textContent())!)![0];
  await page.goto(new URL(link).pathname + new URL(link).search);
  const number = (await page.getByTestId('receipt-80g-number').textContent())!;
  expect(number).toMatch(/^80G\/\d{4}-\d{2}\/\d{6}$/);
  const download = page.getByTestId('receipt-80g-download');
  await expect(download).toBeVisible();
  const pdf = await page.request.get((await download.getAttribute('href'))!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const bytes = await pdf.body();
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  expect(bytes.toString('latin1')).toContain(number);
  await donorContext.close();

  // the NGO's desk: Form 10BD of this year holds the gift, under the donor's PAN
  await ngoPage.goto('/manage/list');
  await ngoPage.getByTestId('tax-desk-link').first().click();
  await expect(ngoPage.getByRole('heading', { level: 1 })).toContainText('80G and Form 10BD');
  const [file] = await Promise.all([ngoPage.waitForEvent('download'), ngoPage.getByTestId('form-10bd-download').first().click()]);
  expect(file.suggestedFilename()).toMatch(/^form-10bd-\d{4}-\d{2}-part-1\.csv$/);
  const csv = fs.readFileSync((await file.path())!, 'utf8');
  const row = csv.split('\r\n').find((line) => line.includes(pan));
  expect(row).toBeDefined();
  expect(row!.split(',').slice(2, 5)).toEqual(['1', pan, 'Section 80G']);
  expect(row).toContain('Asha Rao');
  expect(row).toContain('"4 Lake View, Koregaon Park, Pune"');
  expect(row).toContain('Electronic modes including account payee cheque/draft');
  await ngoContext.close();
});
