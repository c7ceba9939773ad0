// The receipt email's link works for a guest. A guest gives through the sandbox gateway, the real receipt
// email is written, and its link (followed from the rendered HTML) opens that receipt signed out; a link altered to
// another order, a tampered signature and an expired link are refused (the page asks to sign in instead).
import { createElement, type ReactElement, type ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { createTranslator } from 'next-intl';
import { eq, sql } from 'drizzle-orm';
import en from '@/messages/en.json';
import { POST as cartRoute } from '@/app/api/fundraisers/[id]/cart/route';
import { POST as orderRoute } from '@/app/api/fundraisers/[id]/order/route';
import { POST as sendRoute } from '@/app/api/payment/send/route';
import { POST as responseRoute } from '@/app/api/payment/response/[oi]/route';
import { fundraisers, orders, outbox } from '@/lib/db/schema';
import { getDb, type Db } from '@/lib/db/client';
import { SandboxGateway } from '@/lib/payments/sandbox';
import { sandboxSecret } from '@/lib/payments/registry';
import { hrefsOf } from '@/lib/email/render';
import { receiptToken, signedReceiptUrl, verifyReceiptToken } from '@/lib/portfolio/receipt-link';
import { guardRedirect } from '@/lib/auth/guards';
import { RECEIPT_LINK_PARAM, RECEIPT_LINK_TTL_MS } from '@/lib/constants/portfolio';
import { cookiesFrom } from '../helpers/auth';
import { call, closeDb } from '../helpers/db';
import { freshDb, makeFundraiser } from '../factories';

class Redirected extends Error {
  constructor(readonly url: string) {
    super(`redirect ${url}`);
  }
}
class NotFound extends Error {}

jest.mock('next/headers', () => ({ headers: async () => new Headers() }));
jest.mock('next/navigation', () => ({
  redirect: (url: string) => {
    throw new Redirected(url);
  },
  notFound: () => {
    throw new NotFound('not found');
  },
}));
jest.mock('next-intl/server', () => ({
  setRequestLocale: () => {},
  getTranslations: async (arg: string | { namespace: string }) => createTranslator({ locale: 'en', messages: en, namespace: (typeof arg === 'string' ? arg : arg.namespace) as never }),
}));
jest.mock('@/i18n/navigation', () => ({ Link: ({ href, children, ...rest }: { href: string; children: ReactNode }) => createElement('a', { href, ...rest }, children) }));
jest.mock('@/components/layout/request-context', () => ({ getBrand: async () => ({ name: 'Sahyog', host: 'localhost' }) }));

/* eslint-disable @typescript-eslint/no-require-imports -- the page loads after the mocks */
const ReceiptPage = require('@/app/[site]/[locale]/(main)/portfolio/receipts/[orderId]/page').default as (props: {
  params: Promise<Record<string, string>>;
  searchParams: Promise<Record<string, string>>;
}) => Promise<ReactElement>;
/* eslint-enable @typescript-eslint/no-require-imports */

/** Opens a receipt link as a signed-out browser would: the page for its path and query. */
async function open(link: string) {
  const url = new URL(link);
  const orderId = decodeURIComponent(url.pathname.split('/').pop()!);
  try {
    const page = await ReceiptPage({ params: Promise.resolve({ site: 'localhost', locale: 'en', orderId }), searchParams: Promise.resolve(Object.fromEntries(url.searchParams)) });
    const { prelude } = await prerender(page);
    return { status: 200, html: await new Response(prelude).text() };
  } catch (e) {
    if (e instanceof Redirected) return { status: 307, redirect: e.url };
    if (e instanceof NotFound) return { status: 404 };
    throw e;
  }
}

let db: Db;
let fundraiser: typeof fundraisers.$inferSelect;
let ip = 0;
const post = (body: unknown, headers: Record<string, string> = {}) => ({ method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', 'x-sahyog-client-address': `10.31.4.${++ip}`, ...headers } });

/** A guest (an email with no account) gives ₹700 and returns from the sandbox gateway paid. */
async function guestGift(email: string) {
  const cart = await call(cartRoute, '/x', { id: String(fundraiser.id) }, post({ donated_amount: 700, currency: 'INR', donor_name: 'Guest Giver', donor_email: email, donor_phone: '+91 98765 43210', is_anonymous: '0', tip_amount: 0 }));
  expect(cart.status).toBe(201);
  const cookie = cookiesFrom(cart.headers);
  const order = await call(orderRoute, '/x', { id: String(fundraiser.id) }, post({ cart_id: cart.body.data.id, mode: 'UPI', origin: 's' }, { cookie }));
  expect(order.status).toBe(201);
  expect((await call(sendRoute, '/x', {}, post({ order_id: order.body.data.order_id }, { cookie }))).status).toBe(200);
  const [row] = await db.select().from(orders).where(eq(orders.order_id, order.body.data.order_id));
  const outcome = await new SandboxGateway(getDb, sandboxSecret(), 'http://localhost').complete(row.gateway_order_id!, 'success');
  await call(responseRoute, `/api/payment/response/${row.order_id}`, { oi: row.order_id }, post(outcome.params));
  const [mail] = await db.select().from(outbox).where(sql`${outbox.subject} like ${`Receipt ${row.order_id}%`}`);
  return { orderId: row.order_id, mail };
}

beforeAll(async () => {
  db = await freshDb();
  fundraiser = await makeFundraiser(db);
});
afterAll(closeDb);

describe('a guest opens the receipt from the receipt email, signed out', () => {
  it('the email link (followed from the HTML) opens that receipt; the same link for another order does not', async () => {
    const mine = await guestGift(`receipt-guest-${Date.now()}@example.com`);
    const theirs = await guestGift(`receipt-other-${Date.now()}@example.com`);
    const link = hrefsOf(mine.mail.html!).find((h) => h.includes('/portfolio/receipts/'))!;
    expect(link).toMatch(new RegExp(`^http://localhost/portfolio/receipts/${mine.orderId}\\?${RECEIPT_LINK_PARAM}=`));
    expect(mine.mail.body).toContain(link);
    // the edge guard lets the signed link reach the page; the page checks it
    expect(guardRedirect({ path: new URL(link).pathname, search: new URL(link).searchParams, cookie: () => undefined, isMobile: false, sipRetentionUrl: '' })).toBeNull();

    const opened = await open(link);
    expect(opened.status).toBe(200);
    expect(opened.html).toContain(`data-testid="receipt-order-id">${mine.orderId}<`);
    expect(opened.html).toContain('₹700');
    expect(opened.html).toContain('Guest Giver');
    expect(opened.html).not.toContain(theirs.orderId);
    // a guest has no portfolio to go back to
    expect(opened.html).not.toContain('href="/portfolio"');

    // the token of my order on another order's address: refused (sign in), never their receipt
    const swapped = link.replace(mine.orderId, theirs.orderId);
    expect(await open(swapped)).toEqual({ status: 307, redirect: `/new/signin?redirect_uri=${encodeURIComponent(`/portfolio/receipts/${theirs.orderId}`)}` });
  });

  it('a tampered or expired link is refused; a link made for that order still works', async () => {
    const { orderId } = await guestGift(`receipt-tamper-${Date.now()}@example.com`);
    const good = signedReceiptUrl('http://localhost', 'en', orderId);
    expect((await open(good)).status).toBe(200);

    const token = new URL(good).searchParams.get(RECEIPT_LINK_PARAM)!;
    const [stamp, sig] = token.split('.');
    const later = `${Number(stamp) + 86_400}.${sig}`; // a longer life under the same signature
    const flipped = `${stamp}.${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const bad of [later, flipped, '', 'x.y', `${stamp}.${sig}.extra`]) {
      const u = new URL(good);
      u.searchParams.set(RECEIPT_LINK_PARAM, bad);
      expect((await open(u.href)).status).toBe(307);
    }

    const longAgo = new Date(Date.now() - RECEIPT_LINK_TTL_MS - 60_000);
    const expired = signedReceiptUrl('http://localhost', 'en', orderId, longAgo);
    expect(verifyReceiptToken(orderId, new URL(expired).searchParams.get(RECEIPT_LINK_PARAM))).toBe(false);
    expect(await open(expired)).toEqual({ status: 307, redirect: `/new/signin?redirect_uri=${encodeURIComponent(`/portfolio/receipts/${orderId}`)}` });
    // just before it expires it still opens
    expect(verifyReceiptToken(orderId, receiptToken(orderId, longAgo), new Date(longAgo.getTime() + RECEIPT_LINK_TTL_MS - 1000))).toBe(true);
  });

  it('without a link the receipt page still asks a signed-out visitor to sign in', async () => {
    const { orderId } = await guestGift(`receipt-nolink-${Date.now()}@example.com`);
    expect((await open(`http://localhost/portfolio/receipts/${orderId}`)).status).toBe(307);
    expect(guardRedirect({ path: `/portfolio/receipts/${orderId}`, search: new URLSearchParams(), cookie: () => undefined, isMobile: false, sipRetentionUrl: '' })).toMatch(/^\/new\/signin/);
  });
});
