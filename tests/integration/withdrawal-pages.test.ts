// Withdrawals, the pages people use: the campaigner's dashboard block (balance, masked account, each
// withdrawal with the reviewer's reason or the bank's reference) and the reviewers' page (reviewers only, waiting ones
// first, a filter by status), rendered on the server against a real database. Forms are the component tests' job.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createElement, type ReactElement, type ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import sharp from 'sharp';
import { createTranslator } from 'next-intl';
import en from '@/messages/en.json';
import { getDb, closeDb, type Db } from '@/lib/db/client';
import { carts, memberships } from '@/lib/db/schema';
import { resetEnvForTests } from '@/lib/env';
import { resetMediaStoreForTests } from '@/lib/media/store';
import { decideWithdrawal, requestWithdrawal, setPayoutAccount } from '@/lib/fundraisers/withdrawals';
import { FUNDRAISER_STATUS } from '@/lib/fundraisers/status';
import { makeFundraiser, makeOrder, makeUser, referenceData } from '../factories';
import { signedIn } from '../helpers/auth';

let cookie = '';
class Redirected extends Error {
  constructor(readonly url: string) {
    super(`redirect ${url}`);
  }
}
class NotFound extends Error {}

jest.mock('next/headers', () => ({ headers: async () => new Headers(cookie ? { cookie } : {}) }));
jest.mock('next/navigation', () => ({
  redirect: (url: string) => {
    throw new Redirected(url);
  },
  notFound: () => {
    throw new NotFound('not found');
  },
  useRouter: () => ({ refresh: () => {} }),
}));
jest.mock('next-intl/server', () => ({
  setRequestLocale: () => {},
  getTranslations: async (arg: string | { namespace: string }) => createTranslator({ locale: 'en', messages: en, namespace: (typeof arg === 'string' ? arg : arg.namespace) as never }),
}));
// the review queue's cause names come through Next's data cache, which needs a running server
jest.mock('@/lib/cache/queries', () => ({ cachedCauses: async () => [] }));
jest.mock('@/i18n/navigation', () => ({ Link: ({ href, children, ...rest }: { href: string; children: ReactNode }) => createElement('a', { href, ...rest }, children) }));

/* eslint-disable @typescript-eslint/no-require-imports -- the pages load after the mocks */
const { WithdrawalsSection } = require('@/components/manage/WithdrawalsSection');
const ReviewWithdrawalsPage = require('@/app/[site]/[locale]/(main)/review/withdrawals/page').default;
const ReviewQueuePage = require('@/app/[site]/[locale]/(main)/review/page').default;
/* eslint-enable @typescript-eslint/no-require-imports */

type Page = (props: { params: Promise<Record<string, string>>; searchParams?: Promise<Record<string, string>> }) => Promise<ReactElement>;

const html = async (element: ReactElement) => new Response((await prerender(element)).prelude).text();
async function renderPage(page: Page, search: Record<string, string> = {}) {
  try {
    return { html: await html(await page({ params: Promise.resolve({ site: 'localhost', locale: 'en' }), searchParams: Promise.resolve(search) })) };
  } catch (e) {
    if (e instanceof Redirected) return { redirect: e.url };
    if (e instanceof NotFound) return { notFound: true };
    throw e;
  }
}
/** The text of each item of a list rendered with this data-testid on its items. */
const items = (page: string, testId: string) => page.split(`data-testid="${testId}"`).slice(1);

let db: Db;
let dataDir: string;
const previousDataDir = process.env.DATA_DIR;
let seq = 0;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'sahyog-withdrawal-pages-'));
  process.env.DATA_DIR = dataDir;
  resetEnvForTests();
  resetMediaStoreForTests();
  db = await getDb();
  await referenceData(db);
});
afterAll(async () => {
  if (previousDataDir === undefined) delete process.env.DATA_DIR;
  else process.env.DATA_DIR = previousDataDir;
  resetEnvForTests();
  resetMediaStoreForTests();
  rmSync(dataDir, { recursive: true, force: true });
  await closeDb();
});
beforeEach(() => {
  cookie = '';
});

const bill = async () => ({ name: 'bill.png', bytes: new Uint8Array(await sharp({ create: { width: 400, height: 560, channels: 3, background: '#fafaf5' } }).png().toBuffer()) });

/** A running fundraiser of a new campaigner that a donor gave `rupees` to, with its payout account. */
async function fundedFundraiser(rupees: number) {
  const campaigner = await makeUser(db, 'Pages Campaigner');
  const f = await makeFundraiser(db, { campaigner_id: campaigner.id, title: `Help Ravi walk again ${++seq}` });
  const donor = await makeUser(db, 'Pages Donor');
  const minor = rupees * 100;
  const [cart] = await db.insert(carts).values({ fundraiser_id: f.id, user_id: donor.id, currency: 'INR', donated_amount_minor: minor, donated_amount_inr_minor: minor, tip_amount_minor: 0, donor_name: donor.full_name, donor_email: donor.email }).returning();
  await makeOrder(db, { order_id: `SHYWP${Date.now()}${seq}`, cart_id: cart.id, fundraiser_id: f.id, user_id: donor.id, payment_mode: 'UPI', payment_gateway: 'sandbox', iso_currency: 'INR', donated_amount_minor: minor, tip_amount_minor: 0, credited_amount_minor: minor, status: 'success' });
  await setPayoutAccount(db, campaigner, f.id, { account_holder_name: 'Meena Devi', account_number: '123456789012', account_number_confirm: '123456789012', ifsc_code: 'SBIN0001234' });
  return { f, campaigner };
}
const ask = async (user: { id: number }, fundraiserId: number, amount: number, purpose: string) => {
  const document = await bill();
  return requestWithdrawal(db, user, fundraiserId, async () => ({ amount, purpose, document }));
};
async function reviewer() {
  const r = await makeUser(db, 'Pages Reviewer');
  await db.insert(memberships).values({ user_id: r.id, scope: 'platform', role: 'reviewer' });
  return r;
}

describe("the campaigner's withdrawals block", () => {
  it('shows the balance, the account by its last digits only, and each withdrawal with its reason or reference', async () => {
    const { f, campaigner } = await fundedFundraiser(10_000);
    const desk = await reviewer();
    const paid = await ask(campaigner, f.id, 2_500.5, 'Physiotherapy for the first month');
    const refused = await ask(campaigner, f.id, 1_000, 'Travel to the hospital and back');
    await ask(campaigner, f.id, 1_500, 'Wheelchair from the hospital store');
    await decideWithdrawal(db, desk, paid.id, { decision: 'approve' });
    await decideWithdrawal(db, desk, paid.id, { decision: 'paid', reference: 'UTR2026011500042' });
    await decideWithdrawal(db, desk, refused.id, { decision: 'reject', reason: 'Please attach the travel tickets, not a photo of the car.' });

    const page = await html(await WithdrawalsSection({ fundraiserId: f.id, user: campaigner, locale: 'en' }));
    const balance = page.slice(page.indexOf('data-testid="withdrawal-balance"'), page.indexOf('</dl>', page.indexOf('data-testid="withdrawal-balance"')));
    // raised 10,000; paid 2,500.50; 1,500 waiting; the rejected 1,000 holds nothing
    expect(balance.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').replace('data-testid="withdrawal-balance">', '').trim()).toBe('Raised ₹10,000 Withdrawn ₹2,500.50 Waiting for review ₹1,500 Available to withdraw ₹5,999.50');
    expect(page).toContain('Account ending 9012');
    expect(page).not.toContain('123456789012');
    expect(page).toContain('Up to ₹5,999.50.');

    const list = items(page, 'withdrawal-list')[0];
    expect(list).toContain('Wheelchair from the hospital store');
    expect(list).toContain('Waiting for review');
    expect(list).toContain('Not approved');
    expect(list).toContain('Please attach the travel tickets, not a photo of the car.');
    expect(list).toContain('Paid');
    expect(list).toContain('UTR2026011500042');
    expect(list).toContain(`href="/api/campaigns/${f.id}/withdrawals/${paid.id}/document"`);
    // newest first
    expect(list.indexOf('Wheelchair')).toBeLessThan(list.indexOf('Physiotherapy'));
  });

  it('offers the account form and no request form before an account is added', async () => {
    const campaigner = await makeUser(db, 'Pages Campaigner');
    const f = await makeFundraiser(db, { campaigner_id: campaigner.id, status_flag: FUNDRAISER_STATUS.ended });
    const page = await html(await WithdrawalsSection({ fundraiserId: f.id, user: campaigner, locale: 'en' }));
    expect(page).toContain(en.Withdrawals.account.none);
    expect(page).toContain(en.Withdrawals.account.save);
    expect(page).toContain(en.Withdrawals.request.needsAccount);
    expect(page).not.toContain(en.Withdrawals.request.submit);
    expect(page).toContain(en.Withdrawals.list.empty);
  });
  it("says a supporting fundraiser's money is withdrawn from the one it supports, and offers no forms", async () => {
    const { f: parent } = await fundedFundraiser(5_000);
    const supporter = await makeUser(db, 'Pages Supporter');
    const f = await makeFundraiser(db, { campaigner_id: supporter.id, support_campaign_id: parent.id });
    const page = await html(await WithdrawalsSection({ fundraiserId: f.id, user: supporter, locale: 'en' }));
    expect(page).toContain(en.Withdrawals.supporting);
    expect(page).not.toContain(en.Withdrawals.account.save);
    expect(page).not.toContain(en.Withdrawals.request.heading);
  });
});

describe("the reviewers' withdrawals page", () => {
  it('is for reviewers only: others are told it does not exist, signed-out people are sent to sign in', async () => {
    expect(await renderPage(ReviewWithdrawalsPage)).toEqual({ redirect: `/new/signin?${new URLSearchParams({ redirect_uri: '/review/withdrawals' })}` });
    const { campaigner } = await fundedFundraiser(1_000);
    cookie = (await signedIn(db, campaigner.id)).cookie;
    expect(await renderPage(ReviewWithdrawalsPage)).toEqual({ notFound: true });
  });

  it('lists withdrawals waiting for a decision before approved ones, each with its fundraiser, requester, purpose and bill; filters by status', async () => {
    const { f, campaigner } = await fundedFundraiser(20_000);
    const desk = await reviewer();
    const approvedFirst = await ask(campaigner, f.id, 3_000, 'Surgery advance paid to the hospital');
    const waiting = await ask(campaigner, f.id, 700, 'Medicines for the second week');
    const paid = await ask(campaigner, f.id, 400, 'Blood tests before the surgery');
    await decideWithdrawal(db, desk, approvedFirst.id, { decision: 'approve' });
    await decideWithdrawal(db, desk, paid.id, { decision: 'approve' });
    await decideWithdrawal(db, desk, paid.id, { decision: 'paid', reference: 'UTR-PAGES-77' });
    cookie = (await signedIn(db, desk.id)).cookie;

    const open = await renderPage(ReviewWithdrawalsPage);
    const mine = items(open.html!, 'withdrawal-review-item').filter((i) => i.includes(f.title));
    expect(mine).toHaveLength(2);
    expect(mine[0]).toContain('Medicines for the second week');
    expect(mine[0]).toContain('₹700');
    expect(mine[0]).toContain(campaigner.full_name);
    expect(mine[0]).toContain(`href="/api/campaigns/${f.id}/withdrawals/${waiting.id}/document"`);
    expect(mine[0]).toContain(en.Withdrawals.review.approve);
    expect(mine[0]).toContain(en.Withdrawals.review.reason);
    expect(mine[1]).toContain('Surgery advance paid to the hospital');
    expect(mine[1]).toContain(en.Withdrawals.status.approved);
    expect(mine[1]).toContain(en.Withdrawals.review.markPaid);
    expect(mine[1]).not.toContain(`>${en.Withdrawals.review.approve}<`);
    // every waiting withdrawal (other tests' too) comes before every approved one
    const statuses = items(open.html!, 'withdrawal-review-item').map((i) => (i.includes('data-status="requested"') ? 0 : 1));
    expect(statuses).toEqual([...statuses].sort());
    expect(open.html).not.toContain('Blood tests before the surgery');

    const done = await renderPage(ReviewWithdrawalsPage, { status: 'paid' });
    const paidItems = items(done.html!, 'withdrawal-review-item').filter((i) => i.includes(f.title));
    expect(paidItems).toHaveLength(1);
    expect(paidItems[0]).toContain('UTR-PAGES-77');
    expect(paidItems[0]).not.toContain(en.Withdrawals.review.markPaid);
    expect(done.html).toMatch(/<a href="\/review\/withdrawals\?status=paid" aria-current="page">/);
  });

  it('is linked from the review queue', async () => {
    const desk = await reviewer();
    cookie = (await signedIn(db, desk.id)).cookie;
    const queue = await renderPage(ReviewQueuePage);
    expect(queue.html).toContain(`href="/review/withdrawals"`);
    expect(queue.html).toContain(en.Withdrawals.review.title);
  });
});
