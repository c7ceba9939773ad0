// A thank-you page shows the gift (amount, name, masked email, receipt number) to its donor only: their
// session, the browser that made the cart (its checkout access cookie), or the gateway's signed return in the query (a
// donor whose bank app opened the return in another browser). Anyone else holding the link (oi and ct) is thanked for the
// fundraiser, with nothing of the gift. The same for a standalone tip's thanks. Rendered on the server against a real
// database, as the browser gets them.
import { createElement, type ReactElement, type ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { createTranslator } from 'next-intl';
import { eq } from 'drizzle-orm';
import en from '@/messages/en.json';
import { POST as cartRoute } from '@/app/api/fundraisers/[id]/cart/route';
import { POST as orderRoute } from '@/app/api/fundraisers/[id]/order/route';
import { POST as sendRoute } from '@/app/api/payment/send/route';
import { POST as responseRoute } from '@/app/api/payment/response/[oi]/route';
import { POST as tipCartRoute } from '@/app/api/standalonetip/cart/route';
import { POST as tipOrderRoute } from '@/app/api/standalonetip/order/route';
import { orders, type fundraisers } from '@/lib/db/schema';
import { getDb, type Db } from '@/lib/db/client';
import { SandboxGateway } from '@/lib/payments/sandbox';
import { sandboxSecret } from '@/lib/payments/registry';
import { call, closeDb } from '../helpers/db';
import { cookiesFrom, signedInPerson } from '../helpers/auth';
import { freshDb, makeFundraiser } from '../factories';

let cookie = '';
class NotFound extends Error {}
jest.mock('next/headers', () => ({ headers: async () => new Headers(cookie ? { cookie } : {}) }));
// the brand lookup's cache is Next's (outside a request here)
jest.mock('next/cache', () => ({ unstable_cache: (fn: unknown) => fn }));
jest.mock('next/navigation', () => ({
  notFound: () => {
    throw new NotFound('not found');
  },
}));
jest.mock('next-intl/server', () => ({
  setRequestLocale: () => {},
  getMessages: async () => en,
  getTranslations: async (arg: string | { namespace: string }) => createTranslator({ locale: 'en', messages: en, namespace: (typeof arg === 'string' ? arg : arg.namespace) as never }),
}));
jest.mock('@/i18n/navigation', () => ({ Link: ({ href, children, ...rest }: { href: string; children: ReactNode }) => createElement('a', { href, ...rest }, children) }));

/* eslint-disable @typescript-eslint/no-require-imports -- the pages load after the mocks */
const ThankYouPage = require('@/app/[site]/[locale]/(main)/new/thankyou/[ct]/page').default;
const TipPage = require('@/app/[site]/[locale]/(main)/new/standalonetip/page').default;
/* eslint-enable @typescript-eslint/no-require-imports */
type Page = (props: { params: Promise<Record<string, string>>; searchParams: Promise<Record<string, string>> }) => Promise<ReactElement>;

let db: Db;
let f: typeof fundraisers.$inferSelect;
let ip = 0;
const RUN = Date.now().toString(36);
beforeAll(async () => {
  db = await freshDb();
  f = await makeFundraiser(db);
});
afterAll(closeDb);
beforeEach(() => {
  cookie = '';
});

/** The page's HTML as this browser (cookie) gets it. */
async function render(page: Page, params: Record<string, string>, search: Record<string, string>, as = '') {
  cookie = as;
  try {
    const { prelude } = await prerender(await page({ params: Promise.resolve({ site: 'localhost', locale: 'en', ...params }), searchParams: Promise.resolve(search) }));
    return await new Response(prelude).text();
  } finally {
    cookie = '';
  }
}

const post = (body: unknown, headers: Record<string, string> = {}) => ({ method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', origin: 'http://localhost', 'x-sahyog-client-address': `10.31.0.${++ip % 250}`, ...headers } });
const sandbox = () => new SandboxGateway(getDb, sandboxSecret(), 'http://localhost');

/** A gift made in a browser (signed in when `session` is given): its order, that browser's cookies, the gateway's signed return. */
async function gift(o: { name: string; session?: string; pay?: 'success' | 'pending' }) {
  const email = `${o.name.split(' ')[0].toLowerCase()}.${RUN}.${ip}@example.com`;
  const cart = await call(cartRoute, '/x', { id: String(f.id) }, post({ donated_amount: 1234, currency: 'INR', donor_name: o.name, donor_email: email, donor_phone: '9876543210' }, o.session ? { cookie: o.session } : {}));
  const browser = cookiesFrom(cart.headers, o.session);
  const placed = await call(orderRoute, '/x', { id: String(f.id) }, post({ cart_id: cart.body.data.id, mode: 'UPI' }, { cookie: browser }));
  await call(sendRoute, '/x', {}, post({ order_id: placed.body.data.order_id }, { cookie: browser }));
  const [row] = await db.select().from(orders).where(eq(orders.order_id, placed.body.data.order_id));
  const result = await sandbox().complete(row.gateway_order_id!, o.pay ?? 'success');
  // the donor's own return settles it (its first call carries the signed params)
  expect((await call(responseRoute, '/x', { oi: row.order_id }, post(result.params))).status).toBe(200);
  return { oi: row.order_id, browser, params: result.params, email };
}

const thankYou = (oi: string, as = '', extra: Record<string, string> = {}) => render(ThankYouPage, { ct: encodeURIComponent(f.custom_tag) }, { oi, ...extra }, as);
const showsGift = (html: string, g: { oi: string; email: string }, name: string) => {
  expect(html).toContain('data-testid="thank-you"');
  expect(html).toContain(`Thank you, ${name}!`);
  expect(html).toContain('₹1,234');
  expect(html).toContain(g.oi);
  expect(html).toContain(`${g.email.slice(0, 2)}***@example.com`);
};
const showsNothingOfIt = (html: string, g: { oi: string; email: string }, name: string) => {
  expect(html).toContain('data-testid="thank-you-generic"');
  expect(html).toContain('Thank you for supporting this fundraiser');
  expect(html).toContain(f.title);
  // the order id the holder brought is only in the way back to this page after signing in
  const shown = html.replace(/href="\/new\/signin\?[^"]*"/g, '');
  for (const secret of [name, '1,234', g.oi, `${g.email.slice(0, 2)}***`, 'Receipt number', 'being confirmed']) expect(shown).not.toContain(secret);
  expect(html).not.toContain('data-testid="thank-you"');
};

describe('the thank-you page (/new/thankyou/{ct}?oi=)', () => {
  it('shows the gift to the browser that made the cart, and to whoever brings the signed return; a stranger with the link sees a generic thank-you', async () => {
    const g = await gift({ name: 'Meera Guest' });
    showsGift(await thankYou(g.oi, g.browser), g, 'Meera Guest');
    // the bank app's browser: no cookie, but the gateway's signed return that the payment route carries on
    showsGift(await thankYou(g.oi, '', g.params), g, 'Meera Guest');
    // the link alone, signed out: nothing of the gift, and a way for its donor to sign in and see it
    const stranger = await thankYou(g.oi);
    showsNothingOfIt(stranger, g, 'Meera Guest');
    expect(stranger).toContain('Sign in to see your gift');
    expect(stranger).toContain(`href="/new/signin?redirect_uri=${encodeURIComponent(`/new/thankyou/${encodeURIComponent(f.custom_tag)}?oi=${g.oi}`)}"`);
    // a forged signature, another browser's own carts, someone else's session: the same generic page
    showsNothingOfIt(await thankYou(g.oi, '', { ...g.params, signature: 'f'.repeat(64) }), g, 'Meera Guest');
    const other = await gift({ name: 'Other Donor' });
    showsNothingOfIt(await thankYou(g.oi, other.browser), g, 'Meera Guest');
    const someone = await signedInPerson(db, 'Link Holder');
    const signedInStranger = await thankYou(g.oi, someone.cookie);
    showsNothingOfIt(signedInStranger, g, 'Meera Guest');
    expect(signedInStranger).not.toContain('Sign in to see your gift');
  });

  it("shows a signed-in donor's gift to their session in any browser of theirs", async () => {
    const donor = await signedInPerson(db, 'Kiran Account');
    const g = await gift({ name: 'Kiran Account', session: donor.cookie });
    showsGift(await thankYou(g.oi, donor.cookie), g, 'Kiran Account');
    showsNothingOfIt(await thankYou(g.oi), g, 'Kiran Account');
  });

  it("tells a stranger nothing of an order's state either: a pending payment is 'being confirmed' to its donor only", async () => {
    const g = await gift({ name: 'Ravi Pending', pay: 'pending' });
    expect(await thankYou(g.oi, g.browser)).toContain('Your payment is being confirmed');
    showsNothingOfIt(await thankYou(g.oi), g, 'Ravi Pending');
  });

  it('is not found for an order of another fundraiser or an unknown order', async () => {
    await expect(render(ThankYouPage, { ct: 'no-such-fundraiser' }, { oi: (await gift({ name: 'Wrong Tag' })).oi })).rejects.toBeInstanceOf(NotFound);
    await expect(thankYou('SHYNOSUCHORDER1')).rejects.toBeInstanceOf(NotFound);
  });
});

describe("a standalone tip's thanks (/new/standalonetip?oi=&st=s)", () => {
  it('thanks its donor with the amount and receipt; anyone else holding the link sees the tip page itself', async () => {
    const cart = await call(tipCartRoute, '/x', {}, post({ tip_amount: 321, currency: 'INR', donor_name: 'Tara Tipper', donor_email: `tara.${RUN}@example.com`, donor_phone: '9876543210' }));
    const browser = cookiesFrom(cart.headers);
    const placed = await call(tipOrderRoute, '/x', {}, post({ cart_id: cart.body.data.id, mode: 'UPI' }, { cookie: browser }));
    const oi = placed.body.data.order_id as string;
    await call(sendRoute, '/x', {}, post({ order_id: oi }, { cookie: browser }));
    const [row] = await db.select().from(orders).where(eq(orders.order_id, oi));
    const result = await sandbox().complete(row.gateway_order_id!, 'success');
    await call(responseRoute, '/x', { oi }, post(result.params));
    const tipPage = (as: string, extra: Record<string, string> = {}) => render(TipPage, {}, { oi, st: 's', ...extra }, as);
    for (const html of [await tipPage(browser), await tipPage('', result.params)]) {
      expect(html).toContain('data-testid="tip-thanks"');
      expect(html).toContain('Tara Tipper');
      expect(html).toContain('₹321');
    }
    // the tip form (a client island, not rendered here): its element tree, with every prop the page gives it
    const stranger = JSON.stringify(await TipPage({ params: Promise.resolve({ site: 'localhost', locale: 'en' }), searchParams: Promise.resolve({ oi, st: 's' }) }));
    expect(stranger).toContain('"defaultCurrency"');
    expect(stranger).not.toContain('tip-thanks');
    for (const secret of ['Tara Tipper', '₹321', oi, 'ta***@']) expect(stranger).not.toContain(secret);
  });
});
