// The portfolio pages rendered on the server against a real database: who may see what,
// and the spec texts they show. (Layout, middleware and the browser are the e2e's job.)
import { createElement, type ReactElement, type ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { createTranslator } from 'next-intl';
import { and, eq, sql } from 'drizzle-orm';
import en from '@/messages/en.json';
import { carts, orders, subscriptions, users } from '@/lib/db/schema';
import type { Db } from '@/lib/db/client';
import { closeDb } from '../helpers/db';
import { freshDb, makeFundraiser, makeGift, makeNgo, makeNgoFundraiser, makeOrder, makeSubscription, makeUser } from '../factories';
import { signedIn } from '../helpers/auth';
import { grantPrize } from '@/lib/payments/wallet';

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
  // client forms rendered on the server (the NGO's FCRA registration) only hold a router
  useRouter: () => ({ refresh: () => {}, push: () => {} }),
}));
jest.mock('next-intl/server', () => ({
  setRequestLocale: () => {},
  getTranslations: async (arg: string | { namespace: string }) => createTranslator({ locale: 'en', messages: en, namespace: (typeof arg === 'string' ? arg : arg.namespace) as never }),
}));
jest.mock('@/i18n/navigation', () => ({ Link: ({ href, children, ...rest }: { href: string; children: ReactNode }) => createElement('a', { href, ...rest }, children) }));
jest.mock('@/components/layout/request-context', () => ({ getBrand: async () => ({ name: 'Sahyog', host: 'localhost' }) }));

/* eslint-disable @typescript-eslint/no-require-imports -- the pages load after the mocks */
const PortfolioPage = require('@/app/[site]/[locale]/(main)/portfolio/page').default;
const ReceiptPage = require('@/app/[site]/[locale]/(main)/portfolio/receipts/[orderId]/page').default;
const ProfilePage = require('@/app/[site]/[locale]/(main)/profile/page').default;
const ManageListPage = require('@/app/[site]/[locale]/(main)/manage/list/page').default;
const SipPage = require('@/app/[site]/[locale]/(main)/sip/page').default;
const InactiveSipPage = require('@/app/[site]/[locale]/(main)/sip/inactiveuser/page').default;
/* eslint-enable @typescript-eslint/no-require-imports */

type Page = (props: { params: Promise<Record<string, string>> }) => Promise<ReactElement>;

async function render(page: Page, params: Record<string, string> = {}): Promise<string> {
  // a streaming render: async server components inside the page (SubscriptionList) resolve too
  const { prelude } = await prerender(await page({ params: Promise.resolve({ site: 'localhost', locale: 'en', ...params }) }));
  return new Response(prelude).text();
}
async function outcome(page: Page, params: Record<string, string> = {}) {
  try {
    return { html: await render(page, params) };
  } catch (e) {
    if (e instanceof Redirected) return { redirect: e.url };
    if (e instanceof NotFound) return { notFound: true };
    throw e;
  }
}

let db: Db;
const newUser = (name = 'Page Person') => makeUser(db, { full_name: name, extension: '+91' });
async function signIn(userId: number) {
  cookie = (await signedIn(db, userId)).cookie;
}

beforeAll(async () => {
  db = await freshDb();
});
afterAll(closeDb);
beforeEach(() => {
  cookie = '';
});

describe('signed-out visitors go to sign-in with the page to come back to', () => {
  it.each([
    ['/portfolio', PortfolioPage, {}],
    ['/profile', ProfilePage, {}],
    ['/manage/list', ManageListPage, {}],
    ['/sip', SipPage, {}],
    ['/sip/inactiveuser', InactiveSipPage, {}],
    ['/portfolio/receipts/SHYABC123', ReceiptPage, { orderId: 'SHYABC123' }],
  ] as [string, Page, Record<string, string>][])('%s', async (path, page, params) => {
    expect(await outcome(page, params)).toEqual({ redirect: `/new/signin?redirect_uri=${encodeURIComponent(path)}` });
  });

  it('a session that ended on the server goes through /api/auth/expired, which clears its cookies', async () => {
    const u = await newUser();
    await signIn(u.id);
    await db.update(users).set({ session_version: 99 }).where(eq(users.id, u.id));
    expect(await outcome(PortfolioPage, {})).toEqual({ redirect: '/api/auth/expired?redirect_uri=%2Fportfolio' });
  });

  it('keeps the locale prefix', async () => {
    expect(await outcome(PortfolioPage, { locale: 'hi' })).toEqual({ redirect: '/hi/new/signin?redirect_uri=%2Fhi%2Fportfolio' });
  });
});

describe('/portfolio', () => {
  it("spec 8: a donor with no donations sees 'No Transaction Found'", async () => {
    await signIn((await newUser()).id);
    const html = await render(PortfolioPage);
    expect(html).toContain('No Transaction Found');
    expect(html).toContain('data-testid="donation-count">0<');
  });

  it('a donor with gifts and a SIP sees the summary, transactions newest first with receipt links, and their SIPs', async () => {
    const donor = await newUser('Regular Donor');
    for (const f of [await makeFundraiser(db), await makeFundraiser(db), await makeFundraiser(db)]) await makeGift(db, f.id, { userId: donor.id, cart: { donor_email: donor.email } });
    await makeSubscription(db, { userId: donor.id, lines: [{ sip_cause: 'medical', amount_minor: 50_000 }] });
    await signIn(donor.id);
    const html = await render(PortfolioPage);
    expect(html).not.toContain('No Transaction Found');
    const [newest] = await db.select().from(orders).where(and(eq(orders.user_id, donor.id), eq(orders.status, 'success'))).orderBy(sql`${orders.created_at} desc, ${orders.id} desc`).limit(1);
    const firstReceipt = /href="\/portfolio\/receipts\/([^"]+)"/.exec(html)![1];
    expect(firstReceipt).toBe(newest.order_id);
    expect(html).toContain('Medical'); // the donor's SIP cause
    expect(html).toContain('My donations');
  });

  it('shows the Sahyog credit left in each currency, and nothing when there is none', async () => {
    const user = await newUser();
    await signIn(user.id);
    expect(await render(PortfolioPage)).not.toContain('data-testid="credit-balance"');
    await grantPrize(db, user.id, 'INR', `portfolio-${user.id}`);
    await grantPrize(db, user.id, 'USD', `portfolio-${user.id}`);
    const html = await render(PortfolioPage);
    expect(html).toContain('Sahyog credit');
    expect(/data-testid="credit-balance">(.*?)<\/dd>/.exec(html)![1].replace(/<[^>]+>/g, '')).toBe('₹300 · $60');
    // what the credit is for sits in its own card, not under the grid where it read as a note on the first figure
    expect(html).toMatch(/data-testid="credit-balance">.*?<\/dd><dd class="figure-note">Prize money you can give to any fundraiser from its payment page<\/dd><\/div><\/dl>/);
  });
});

describe('/portfolio/receipts/{order_id}', () => {
  it("renders my receipt with a Print button and its 80G receipt; another user's order is a 404", async () => {
    const me = await newUser('Receipt Page Owner');
    const f = await makeNgoFundraiser(db, { taxexempted: true }, await makeNgo(db, {}, { has_80g: true, registration_number: 'NGO/REG/2010/400', pan_number: 'AAATN1000K' }));
    const [cart] = await db.insert(carts).values({ fundraiser_id: f.id, user_id: me.id, currency: 'INR', donated_amount_minor: 150_000, donated_amount_inr_minor: 150_000, donor_name: 'Receipt Page Owner', donor_email: me.email, donor_pan: 'ABCDE1234F' }).returning();
    const orderId = `SHYPAGE${Date.now()}`;
    await makeOrder(db, { order_id: orderId, cart_id: cart.id, fundraiser_id: f.id, user_id: me.id, payment_mode: 'UPI', payment_gateway: 'sandbox', iso_currency: 'INR', donated_amount_minor: 150_000, credited_amount_minor: 150_000, status: 'success', charged: true });

    await signIn(me.id);
    const html = await render(ReceiptPage, { orderId });
    expect(html).toContain('Donation receipt');
    expect(html).toContain(`data-testid="receipt-order-id">${orderId}<`);
    expect(html).toContain('₹1,500');
    expect(html).toContain('>Print<');
    // the NGO holds 80G: the numbered 80G receipt, with its PDF to download
    expect(html).toContain('data-testid="receipt-80g-receipt"');
    expect(html).toMatch(/data-testid="receipt-80g-number">80G\/\d{4}-\d{2}\/000001</);
    expect(html).toContain(`href="/api/orders/${orderId}/receipt.pdf"`);
    expect(html).toContain('ABCDE1234F');

    await signIn((await newUser('Someone Else')).id);
    expect(await outcome(ReceiptPage, { orderId })).toEqual({ notFound: true });
    expect(await outcome(ReceiptPage, { orderId: '../../etc' })).toEqual({ notFound: true });
  });
});

describe('/profile, /manage/list, /sip', () => {
  it('the profile page fills the form with my details and shows my email', async () => {
    const me = await newUser('Profile Page Person');
    await signIn(me.id);
    const html = await render(ProfilePage);
    expect(html).toContain(me.email);
    expect(html).toContain('value="Profile Page Person"');
    expect(html).toContain('Choose a picture');
  });

  it("the manage list shows an NGO's fundraisers with raised and goal", async () => {
    const ngo = await makeNgo(db, { full_name: 'Annapurna Foundation' });
    const f = await makeNgoFundraiser(db, { goal_minor: 500_000 }, ngo);
    await makeGift(db, f.id);
    await signIn(ngo.user.id);
    const html = await render(ManageListPage);
    expect(html).toContain(`href="/stories/${f.custom_tag}"`);
    expect(html).toContain('raised of');
    // the NGO's FCRA registration, with the way to add it
    expect(html).toContain(en.Manage.fcra.heading);
    expect(html).toContain(en.Manage.fcra.none);
    await signIn((await newUser()).id);
    expect(await render(ManageListPage)).toContain(en.Manage.empty);
  });

  it('spec 4: status 2, 4 or 5 shows the paused message on /sip/inactiveuser; an active SIP does not', async () => {
    const me = await newUser('Paused Sip');
    await db.insert(subscriptions).values({ user_id: me.id, sip_cause: 'animals', amount_minor: 20_000, status_flag: 5 });
    await signIn(me.id);
    const inactive = await render(InactiveSipPage);
    expect(inactive).toContain(en.Sip.inactiveTitle);
    expect(inactive).toContain('href="tel:');
    expect(await render(SipPage)).toContain(en.Sip.pausedNotice);

    const active = await newUser('Active Sip');
    await db.insert(subscriptions).values({ user_id: active.id, sip_cause: 'medical', amount_minor: 50_000, status_flag: 1, next_payment_date: new Date(Date.now() + 20 * 86_400_000) });
    await signIn(active.id);
    expect(await render(InactiveSipPage)).toContain(en.Sip.inactiveNone);
    const sip = await render(SipPage);
    expect(sip).toContain('₹500 a month');
    expect(sip).not.toContain(en.Sip.pausedNotice);
  });
});
