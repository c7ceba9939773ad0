// spec 9: the utm fields kept in cookies for 7 days reach carts (and their orders), leads and drafts when the body
// carries none; a body's own utm wins; only the known keys are kept, each length-capped.
import { eq } from 'drizzle-orm';
import { POST as cartRoute } from '@/app/api/fundraisers/[id]/cart/route';
import { POST as orderRoute } from '@/app/api/fundraisers/[id]/order/route';
import { POST as leadRoute } from '@/app/api/leads/route';
import { POST as referralRoute } from '@/app/api/leads/referral/route';
import { POST as campaignsRoute } from '@/app/api/campaigns/route';
import { carts, fundraisers, leads, orders } from '@/lib/db/schema';
import { UTM_VALUE_MAX } from '@/lib/constants/utm';
import { freshDb, makeFundraiser } from '../factories';
import { cookiesFrom, signedInPerson } from '../helpers/auth';
import { call, closeDb } from '../helpers/db';
import type { Db } from '@/lib/db/client';

let db: Db;
let fundraiser: typeof fundraisers.$inferSelect;
const RUN = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
let seq = 0;
const email = (tag: string) => `${tag}.${RUN}.${++seq}@example.com`;

beforeAll(async () => {
  db = await freshDb();
  fundraiser = await makeFundraiser(db);
});
afterAll(closeDb);

/** the Cookie header of a browser that landed on a URL with these utm fields (what middleware.ts kept) */
const landedWith = (utm: Record<string, string>) => Object.entries(utm).map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; ');
const post = (body: unknown, cookie: string, headers: Record<string, string> = {}) => ({
  method: 'POST',
  body: JSON.stringify(body),
  headers: { 'content-type': 'application/json', 'x-sahyog-client-address': `utm-${RUN}-${++seq}`, ...(cookie ? { cookie } : {}), ...headers },
});

const cartBody = (over: Record<string, unknown> = {}) => ({ donated_amount: 500, currency: 'INR', donor_name: 'Asha Rao', donor_email: email('asha'), donor_phone: '+91 98765 43210', ...over });
async function cartAndOrder(body: Record<string, unknown>, cookie: string) {
  const cart = await call(cartRoute, '/x', { id: String(fundraiser.id) }, post(cartBody(body), cookie));
  expect(cart.status).toBe(201);
  // the browser keeps the cart's checkout access beside its utm cookies
  const order = await call(orderRoute, '/x', { id: String(fundraiser.id) }, post({ cart_id: cart.body.data.id, mode: 'CARD', origin: 's' }, cookiesFrom(cart.headers, cookie)));
  expect(order.status).toBe(201);
  const [cartRow] = await db.select().from(carts).where(eq(carts.id, cart.body.data.id));
  const [orderRow] = await db.select().from(orders).where(eq(orders.order_id, order.body.data.order_id));
  return { cart: cartRow, order: orderRow };
}

describe('carts and their orders', () => {
  it("take the landing's utm from the cookies when the body carries none; the order copies the cart's", async () => {
    const { cart, order } = await cartAndOrder({}, `u_theme=dark; ${landedWith({ utm_source: 'whatsapp', utm_medium: 'share', utm_campaign: fundraiser.custom_tag })}`);
    expect(cart.utm).toEqual({ utm_source: 'whatsapp', utm_medium: 'share', utm_campaign: fundraiser.custom_tag });
    expect(order.utm).toEqual(cart.utm);
  });

  it("keep the body's own utm over the cookies', only its known keys, each capped", async () => {
    const { cart, order } = await cartAndOrder({ utm: { utm_source: 'agent-7', utm_term: 'x'.repeat(150), gclid: 'abc' } }, landedWith({ utm_source: 'facebook', utm_medium: 'ads' }));
    expect(cart.utm).toEqual({ utm_source: 'agent-7', utm_term: 'x'.repeat(UTM_VALUE_MAX) });
    expect(order.utm).toEqual(cart.utm);
  });

  it('keep no utm without either, and no cookie but the five known ones', async () => {
    expect((await cartAndOrder({}, '')).cart.utm).toBeNull();
    expect((await cartAndOrder({}, 'utm_id=9; fbclid=abc')).cart.utm).toBeNull();
    expect((await cartAndOrder({}, landedWith({ utm_content: `${'y'.repeat(120)}` }))).cart.utm).toEqual({ utm_content: 'y'.repeat(UTM_VALUE_MAX) });
  });
});

describe('leads', () => {
  const leadByEmail = async (address: string) => (await db.select().from(leads).where(eq(leads.email, address)))[0];

  it("take the landing's utm from the cookies when the form sends none", async () => {
    const address = email('contact');
    const res = await call(leadRoute, '/api/leads', {}, post({ name: 'Kiran Rao', email: address, phone: '9123456789', about: 'How do I start?' }, landedWith({ utm_source: 'newsletter', utm_campaign: 'monsoon appeal' })));
    expect(res.status).toBe(201);
    expect((await leadByEmail(address)).utm).toEqual({ utm_source: 'newsletter', utm_campaign: 'monsoon appeal' });
  });

  it("keep the form's own utm fields (flat, as spec 3's payloads send them) over the cookies'", async () => {
    const address = email('referral');
    const res = await call(
      referralRoute,
      '/api/leads/referral',
      {},
      post({ name: 'Lakshmi Nair', email: address, phone: '9876501234', referral_option: 'heart_operation', hospitalisation_status: 'currently_hospitalised', utm_source: 'hospital-desk' }, landedWith({ utm_source: 'facebook', utm_medium: 'ads' })),
    );
    expect(res.status).toBe(201);
    expect((await leadByEmail(address)).utm).toEqual({ utm_source: 'hospital-desk' });
  });
});

describe('drafts (POST campaigns)', () => {
  it("take the landing's utm from the cookies when the dock carries none, and the dock's own otherwise", async () => {
    const me = await signedInPerson(db, 'Utm Campaigner');
    const fromCookies = await call(campaignsRoute, '/api/campaigns', {}, post({ parent_cause_id: 20 }, `${me.cookie}; ${landedWith({ utm_source: 'telecalling', utm_campaign: 'agent-042' })}`));
    expect(fromCookies.status).toBe(201);
    expect(fromCookies.body.data.utm).toEqual({ utm_source: 'telecalling', utm_campaign: 'agent-042' });
    const [row] = await db.select({ utm: fundraisers.utm }).from(fundraisers).where(eq(fundraisers.id, fromCookies.body.data.id));
    expect(row.utm).toEqual({ utm_source: 'telecalling', utm_campaign: 'agent-042' });

    const fromDock = await call(campaignsRoute, '/api/campaigns', {}, post({ parent_cause_id: 20, utm: { utm_source: 'dock' } }, `${me.cookie}; ${landedWith({ utm_source: 'telecalling' })}`));
    expect(fromDock.body.data.utm).toEqual({ utm_source: 'dock' });
  });
});
