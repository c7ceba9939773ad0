// The insurance pages rendered on the server against a real database: the plans page (nothing chosen unless
// the visitor picked a plan on the way), and a policy's page for its owner only, with the payment's outcome after the
// gateway's return and the claim account once paid. (Layout, the browser and the checkout are the e2e's job.)
import { createElement, type ReactElement, type ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { createTranslator } from 'next-intl';
import { eq } from 'drizzle-orm';
import en from '@/messages/en.json';
import { POST as createRoute } from '@/app/api/insurance/create/route';
import { POST as payRoute } from '@/app/api/insurance/pay/route';
import { POST as sendRoute } from '@/app/api/payment/send/route';
import { POST as responseRoute } from '@/app/api/payment/response/[oi]/route';
import { orders } from '@/lib/db/schema';
import { getDb, type Db } from '@/lib/db/client';
import { SandboxGateway } from '@/lib/payments/sandbox';
import { sandboxSecret } from '@/lib/payments/registry';
import { call, closeDb } from '../helpers/db';
import { freshDb } from '../factories';
import { signedInPerson } from '../helpers/auth';

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
}));
jest.mock('next-intl/server', () => ({
  setRequestLocale: () => {},
  getMessages: async () => en,
  getTranslations: async (arg: string | { namespace: string }) => createTranslator({ locale: 'en', messages: en, namespace: (typeof arg === 'string' ? arg : arg.namespace) as never }),
}));
jest.mock('@/i18n/navigation', () => ({ Link: ({ href, children, ...rest }: { href: string; children: ReactNode }) => createElement('a', { href, ...rest }, children) }));

/* eslint-disable @typescript-eslint/no-require-imports -- the pages load after the mocks */
const PlansPage = require('@/app/[site]/[locale]/(main)/insurance/page').default;
const PolicyPage = require('@/app/[site]/[locale]/(main)/insurance/[id]/page').default;
/* eslint-enable @typescript-eslint/no-require-imports */

type Page = (props: { params: Promise<Record<string, string>>; searchParams: Promise<Record<string, string>> }) => Promise<ReactElement>;

let db: Db;
let ip = 0;
beforeAll(async () => {
  db = await freshDb();
});
afterAll(closeDb);
beforeEach(() => {
  cookie = '';
});

async function outcome(page: Page, params: Record<string, string> = {}, search: Record<string, string> = {}) {
  try {
    const { prelude } = await prerender(await page({ params: Promise.resolve({ site: 'localhost', locale: 'en', ...params }), searchParams: Promise.resolve(search) }));
    return { html: await new Response(prelude).text() };
  } catch (e) {
    if (e instanceof Redirected) return { redirect: e.url };
    if (e instanceof NotFound) return { notFound: true };
    throw e;
  }
}

const post = (auth: Record<string, string>, body: unknown) => ({ method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', origin: 'http://localhost', 'x-sahyog-client-address': `10.17.0.${++ip % 250}`, ...auth } });
const INSURED = { full_name: 'Kavya Menon', date_of_birth: '1990-05-17', relation: 'spouse', phone: '9876543210' };

async function buyer(name: string) {
  const p = await signedInPerson(db, name);
  const created = await call(createRoute, '/x', {}, post(p.auth, { plan_id: 'care_plus_yearly', ...INSURED }));
  expect(created.status).toBe(201);
  return { ...p, policyId: created.body.data.id as number };
}

async function payOnce(auth: Record<string, string>, policyId: number, status: 'success' | 'failed') {
  const placed = await call(payRoute, '/x', {}, post(auth, { id: policyId, mode: 'CARD' }));
  expect((await call(sendRoute, '/x', {}, post(auth, { order_id: placed.body.data.order_id }))).status).toBe(200);
  const [order] = await db.select().from(orders).where(eq(orders.order_id, placed.body.data.order_id));
  const result = await new SandboxGateway(getDb, sandboxSecret(), 'http://localhost').complete(order.gateway_order_id!, status);
  await call(responseRoute, '/x', { oi: order.order_id }, post({}, result.params));
  return order.order_id;
}

// the form's fields are react-hook-form's: a chosen plan shows on its tile from the first paint, its radio is checked on hydration
const tileChosen = (html: string, planId: string) => new RegExp(`class="plan-tile selected"><input[^>]*value="${planId}"`).test(html);

describe('the plans page', () => {
  it('shows the six plans with none chosen; a visitor is asked to sign in', async () => {
    const { html } = await outcome(PlansPage);
    expect(html).toContain('Health cover for you and your family');
    for (const name of ['Care (yearly)', 'Care Plus (yearly)', 'Care (monthly)', 'Care Plus (monthly)', 'Essentials (yearly)', 'Essentials Plus (yearly)']) expect(html).toContain(name);
    expect(html).not.toMatch(/<input[^>]*type="radio"[^>]*checked/);
    expect(html).not.toContain('plan-tile selected');
    expect(html).toContain('Sign in to continue');
  });

  it('has the plan the visitor picked on the way chosen, and only a plan that exists', async () => {
    const picked = await outcome(PlansPage, {}, { plan: 'care_monthly' });
    expect(tileChosen(picked.html!, 'care_monthly')).toBe(true);
    expect(picked.html!.match(/plan-tile selected/g)).toHaveLength(1);
    const unknown = await outcome(PlansPage, {}, { plan: 'gold' });
    expect(unknown.html).not.toContain('plan-tile selected');
  });

  it("lists a signed-in person's own policies", async () => {
    const b = await buyer('Lists Policies');
    cookie = b.cookie;
    const { html } = await outcome(PlansPage);
    expect(html).toContain(`href="/insurance/${b.policyId}"`);
    expect(html).toContain('Continue to payment');
  });
});

describe("a policy's page", () => {
  it('is its owner\'s: a visitor signs in first, anyone else gets "not found"', async () => {
    const b = await buyer('Page Owner');
    expect(await outcome(PolicyPage, { id: String(b.policyId) })).toEqual({ redirect: `/new/signin?${new URLSearchParams({ redirect_uri: `/insurance/${b.policyId}` })}` });
    cookie = (await signedInPerson(db, 'Page Stranger')).cookie;
    expect(await outcome(PolicyPage, { id: String(b.policyId) })).toEqual({ notFound: true });
    cookie = b.cookie;
    expect(await outcome(PolicyPage, { id: 'abc' })).toEqual({ notFound: true });
    const { html } = await outcome(PolicyPage, { id: String(b.policyId) });
    expect(html).toContain('Waiting for payment');
    expect(html).toContain('Kavya Menon');
    expect(html).toContain('data-testid="policy-pay-form"');
    expect(html).toMatch(/>Pay \u2068?₹1,599\u2069?</);
    expect(html).not.toContain('data-testid="credit-details-form"');
  });

  it('after a failed payment: the failure and the pay form again; after a paid one: paid, the cover, the claim account form', async () => {
    const b = await buyer('Page Payer');
    cookie = b.cookie;
    const failedOi = await payOnce(b.auth, b.policyId, 'failed');
    const failed = await outcome(PolicyPage, { id: String(b.policyId) }, { oi: failedOi });
    expect(failed.html).toMatch(/Payment failed: \u2068?Payment declined by the bank\u2069?\. You can try again below\./);
    expect(failed.html).toContain('data-testid="policy-pay-form"');

    const paidOi = await payOnce(b.auth, b.policyId, 'success');
    const paid = await outcome(PolicyPage, { id: String(b.policyId) }, { oi: paidOi });
    expect(paid.html).toContain('Payment received. Your cover has started.');
    expect(paid.html).toMatch(/data-testid="policy-status"[^>]*>Paid</);
    expect(paid.html).toContain('Covered until');
    expect(paid.html).not.toContain('data-testid="policy-pay-form"');
    expect(paid.html).toContain('data-testid="credit-details-form"');
    // another policy's order named in the link shows no outcome
    const other = await buyer('Other Payer');
    const otherOi = await payOnce(other.auth, other.policyId, 'success');
    expect((await outcome(PolicyPage, { id: String(b.policyId) }, { oi: otherOi })).html).not.toContain('data-testid="policy-outcome"');
  });
});
