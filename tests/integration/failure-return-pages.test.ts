// spec 2, 4: the pages a failed payment returns to that were a 404 before, rendered on the server against a
// real database: the thank-you page with st=f (origin tp) says the payment failed and never thanks; the campaign update
// page (origin up) shows the update its email links to, the fundraiser and Contribute, and after a failed payment offers
// no second Contribute beside the notice's own "Try again". (The notice's text is read in the browser: the e2e's job.)
import { createElement, type ReactElement, type ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { createTranslator } from 'next-intl';
import { and, eq, like } from 'drizzle-orm';
import en from '@/messages/en.json';
import { POST as updateRoute } from '@/app/api/fundraisers/[id]/updates/route';
import { POST as cartRoute } from '@/app/api/fundraisers/[id]/cart/route';
import { POST as orderRoute } from '@/app/api/fundraisers/[id]/order/route';
import { POST as sendRoute } from '@/app/api/payment/send/route';
import { POST as responseRoute } from '@/app/api/payment/response/[oi]/route';
import { orders, outbox } from '@/lib/db/schema';
import { SandboxGateway } from '@/lib/payments/sandbox';
import { sandboxSecret } from '@/lib/payments/registry';
import { getDb, closeDb, type Db } from '@/lib/db/client';
import { DAY_MS } from '@/lib/constants/time';
import { FUNDRAISER_STATUS } from '@/lib/fundraisers/status';
import { makeFundraiser } from '../factories';
import { cookiesFrom, signedInPerson } from '../helpers/auth';
import { call } from '../helpers/db';

class NotFound extends Error {}

jest.mock('next/headers', () => ({ headers: async () => new Headers() }));
jest.mock('next/navigation', () => ({
  notFound: () => {
    throw new NotFound('not found');
  },
  redirect: (url: string) => {
    throw new Error(`redirect ${url}`);
  },
}));
jest.mock('next-intl/server', () => ({
  setRequestLocale: () => {},
  getMessages: async () => en,
  getTranslations: async (arg: string | { namespace: string }) => createTranslator({ locale: 'en', messages: en, namespace: (typeof arg === 'string' ? arg : arg.namespace) as never }),
}));
// Next's data cache needs a running server: here every read goes to the database
jest.mock('next/cache', () => ({ unstable_cache: (fn: unknown) => fn }));
jest.mock('@/i18n/navigation', () => ({ Link: ({ href, children, ...rest }: { href: string; children: ReactNode }) => createElement('a', { href, ...rest }, children) }));

/* eslint-disable @typescript-eslint/no-require-imports -- the pages load after the mocks */
const ThankYouPage = require('@/app/[site]/[locale]/(main)/new/thankyou/[ct]/page').default;
const CampaignUpdatePage = require('@/app/[site]/[locale]/(main)/new/campaign/campaign_update/page').default;
/* eslint-enable @typescript-eslint/no-require-imports */

type Page = (props: { params: Promise<Record<string, string>>; searchParams: Promise<Record<string, string>> }) => Promise<ReactElement>;
const html = async (element: ReactElement) => new Response((await prerender(element)).prelude).text();
async function render(page: Page, params: Record<string, string>, search: Record<string, string>) {
  try {
    return await html(await page({ params: Promise.resolve({ site: 'localhost', locale: 'en', ...params }), searchParams: Promise.resolve(search) }));
  } catch (e) {
    if (e instanceof NotFound) return 'NOT FOUND';
    throw e;
  }
}
const text = (markup: string) => markup.replace(/<[^>]+>/g, ' ').replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&amp;/g, '&').replace(/\s+/g, ' ');
const contributeHref = (markup: string) => /<a[^>]*href="([^"]+)"[^>]*data-testid="contribute"/.exec(markup)?.[1].replace(/&amp;/g, '&') ?? null;

let db: Db;
const RUN = Date.now().toString(36);
beforeAll(async () => {
  db = await getDb();
});
afterAll(closeDb);

let ip = 0;
const post = (body: unknown, headers: Record<string, string> = {}) => ({ method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', 'x-sahyog-client-address': `10.30.10.${++ip % 250}`, ...headers } });

/** A paid gift through the product's own routes and the sandbox gateway: its order id. */
async function give(fundraiserId: number, email: string) {
  const cart = await call(cartRoute, '/x', { id: String(fundraiserId) }, post({ donated_amount: 500, currency: 'INR', donor_name: 'Asha Rao', donor_email: email, donor_phone: '9876543210' }));
  // the donor's browser keeps the cart's checkout access
  const cookie = cookiesFrom(cart.headers);
  const order = await call(orderRoute, '/x', { id: String(fundraiserId) }, post({ cart_id: cart.body.data.id, mode: 'CARD' }, { cookie }));
  await call(sendRoute, '/x', {}, post({ order_id: order.body.data.order_id }, { cookie }));
  const [row] = await db.select().from(orders).where(eq(orders.order_id, order.body.data.order_id));
  const outcome = await new SandboxGateway(getDb, sandboxSecret(), 'http://localhost').complete(row.gateway_order_id!, 'success');
  expect((await call(responseRoute, '/x', { oi: row.order_id }, post(outcome.params))).body.data.status).toBe('success');
  // the gateway's signed return: what the donor's thank-you address carries (the gift shows to its donor only)
  return { oi: row.order_id, returned: outcome.params as Record<string, string> };
}

async function postUpdate(auth: { authorization: string }, fundraiserId: number, title: string, body: string) {
  const r = await call(updateRoute, '/x', { id: String(fundraiserId) }, { method: 'POST', headers: { 'content-type': 'application/json', ...auth }, body: JSON.stringify({ title, body: `<p>${body}</p>` }) });
  expect(r.status).toBe(201);
  return r.body.data.id as number;
}

describe('the thank-you page with st=f (origin tp)', () => {
  it('says the payment failed, names the fundraiser and links back; no thank-you, with or without an order', async () => {
    const f = await makeFundraiser(db);
    const paid = await give(f.id, `tp.${RUN}@example.com`);
    // the page thanks its donor for a paid order without st=f
    expect(text(await render(ThankYouPage, { ct: f.custom_tag }, { ...paid.returned, oi: paid.oi }))).toContain('Thank you, Asha Rao!');
    for (const search of [{ st: 'f', reason: 'Card declined' }, { st: 'f', oi: paid.oi }] as Record<string, string>[]) {
      const page = await render(ThankYouPage, { ct: f.custom_tag }, search);
      expect(page).not.toBe('NOT FOUND');
      expect(text(page)).toContain(en.PaymentFailed.title);
      expect(text(page)).toContain(en.PaymentFailed.text);
      expect(text(page)).toContain(f.title);
      expect(page).toContain(`href="/stories/${f.custom_tag}"`);
      expect(text(page)).not.toMatch(/Thank you/);
    }
    // a fundraiser that is gone still lands on a page that says what happened
    const gone = await render(ThankYouPage, { ct: `no-such-${RUN}` }, { st: 'f' });
    expect(text(gone)).toContain(en.PaymentFailed.title);
    expect(gone).toContain('href="/all-fundraisers"');
    // without st=f and an order it stays what it was: nothing to show
    expect(await render(ThankYouPage, { ct: f.custom_tag }, {})).toBe('NOT FOUND');
  });
});

describe('the campaign update page (spec 2 /new/campaign/campaign_update, origin up)', () => {
  it("opens from the update email on that update, with the fundraiser and Contribute; a failed payment's return shows no second Contribute", async () => {
    const campaigner = await signedInPerson(db, 'Update Page Campaigner');
    const f = await makeFundraiser(db, { campaigner_id: campaigner.id });
    // a donor, so the update is emailed
    const donor = `up.${RUN}@example.com`;
    await give(f.id, donor);
    const first = await postUpdate(campaigner.auth, f.id, `First news ${RUN}`, 'The operation is scheduled for Monday.');
    const second = await postUpdate(campaigner.auth, f.id, `Second news ${RUN}`, 'The operation went well, thank you all.');
    const [mail] = await db.select().from(outbox).where(and(eq(outbox.recipient, donor), like(outbox.subject, `%First news ${RUN}%`)));
    const link = new URL(/https?:\/\/\S+\/new\/campaign\/campaign_update\?\S+/.exec(mail.body)![0]);
    expect(Object.fromEntries(link.searchParams)).toEqual({ ct: f.custom_tag, update: String(first) });

    const page = await render(CampaignUpdatePage, {}, Object.fromEntries(link.searchParams));
    expect(text(page)).toContain(`First news ${RUN}`);
    expect(text(page)).toContain('The operation is scheduled for Monday.');
    expect(text(page)).not.toContain('The operation went well');
    expect(text(page)).toContain(f.title);
    expect(contributeHref(page)).toBe(`/new/payment?ct=${f.custom_tag}&id=${f.id}&payment=form&or=up&update=${first}`);
    expect(page).toContain(`href="/stories/${f.custom_tag}#updates"`);

    // without an update, or with another fundraiser's, the latest of this one
    const other = await makeFundraiser(db, { campaigner_id: campaigner.id });
    const foreign = await postUpdate(campaigner.auth, other.id, `Other news ${RUN}`, 'Not this fundraiser at all.');
    for (const search of [{ ct: f.custom_tag }, { ct: f.custom_tag, update: String(foreign) }, { ct: f.custom_tag, update: 'x' }] as Record<string, string>[]) {
      const latest = text(await render(CampaignUpdatePage, {}, search));
      expect(latest).toContain(`Second news ${RUN}`);
      expect(latest).not.toContain('Not this fundraiser');
    }

    // back from a failed payment (st=f): the page is there, the notice's "Try again" is its one way to give
    const failed = await render(CampaignUpdatePage, {}, { ct: f.custom_tag, update: String(second), st: 'f', reason: 'Card declined' });
    expect(text(failed)).toContain(`Second news ${RUN}`);
    expect(contributeHref(failed)).toBeNull();
  });

  it('an ended fundraiser shows no Contribute; a private one keeps its updates behind its PIN; an unknown one is a 404 unless it is a failed return', async () => {
    const campaigner = await signedInPerson(db, 'Update Page Ender');
    const ended = await makeFundraiser(db, { campaigner_id: campaigner.id, end_date: new Date(Date.now() - DAY_MS) });
    await postUpdate(campaigner.auth, ended.id, `Closing news ${RUN}`, 'We reached the hospital bill, thank you.');
    const endedPage = await render(CampaignUpdatePage, {}, { ct: ended.custom_tag });
    expect(text(endedPage)).toContain(`Closing news ${RUN}`);
    expect(text(endedPage)).toContain(en.Story.ended);
    expect(contributeHref(endedPage)).toBeNull();

    const hidden = await makeFundraiser(db, { campaigner_id: campaigner.id, is_private: true, status_flag: FUNDRAISER_STATUS.live });
    await postUpdate(campaigner.auth, hidden.id, `Private news ${RUN}`, 'Only for those with the PIN.');
    const privatePage = text(await render(CampaignUpdatePage, {}, { ct: hidden.custom_tag }));
    expect(privatePage).not.toContain('Only for those with the PIN');
    expect(privatePage).toContain(en.CampaignUpdate.private);

    const none = await makeFundraiser(db, { campaigner_id: campaigner.id });
    expect(text(await render(CampaignUpdatePage, {}, { ct: none.custom_tag }))).toContain(en.Story.noUpdates);

    expect(await render(CampaignUpdatePage, {}, { ct: `no-such-${RUN}` })).toBe('NOT FOUND');
    expect(text(await render(CampaignUpdatePage, {}, { ct: `no-such-${RUN}`, st: 'f' }))).toContain(en.PaymentFailed.title);
  });
});
