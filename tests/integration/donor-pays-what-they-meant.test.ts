// Issue 30, "A donor pays exactly what they meant": a card's bin, a recurring cart, a PAN outside rupees, and who may
// read an order. Route handlers on the real database (PGlite, or PostgreSQL with TEST_DATABASE_URL).
import { eq, sql } from 'drizzle-orm';
import { POST as cartRoute } from '@/app/api/fundraisers/[id]/cart/route';
import { POST as orderRoute } from '@/app/api/fundraisers/[id]/order/route';
import { carts, fundraisers, orders } from '@/lib/db/schema';
import { call, closeDb, openInrFundraiser, seededDb } from '../helpers/db';
import type { Db } from '@/lib/db/client';

let db: Db;
let fundraiser: typeof fundraisers.$inferSelect;
let ipCounter = 0;
const run = Date.now().toString(36);

beforeAll(async () => {
  db = await seededDb();
  fundraiser = await openInrFundraiser(db);
});
afterAll(closeDb);

const post = (body: unknown, headers: Record<string, string> = {}) => ({ method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', 'x-sahyog-client-address': `10.30.0.${++ipCounter % 250}`, ...headers } });
const cartBody = (over: Record<string, unknown> = {}) => ({ donated_amount: 500, currency: 'INR', donor_name: 'Asha Rao', donor_email: `asha.${run}.${ipCounter}@example.com`, donor_phone: '+91 98765 43210', is_anonymous: '0', tip_amount: 0, ...over });
const newCart = async (over: Record<string, unknown> = {}, headers: Record<string, string> = {}) => {
  const cart = await call(cartRoute, '/x', { id: String(fundraiser.id) }, post(cartBody(over), headers));
  expect(cart.status).toBe(201);
  return cart;
};
const placeOrder = (body: Record<string, unknown>, headers: Record<string, string> = {}) => call(orderRoute, '/x', { id: String(fundraiser.id) }, post(body, headers));

/** Every row a payment writes, as text: a card number must be found in none of them. */
async function storedText(): Promise<string> {
  const tables = ['carts', 'orders', 'payment_events', 'sandbox_payments', 'rate_limits'];
  const dumps = await Promise.all(tables.map(async (t) => JSON.stringify((await db.execute(sql.raw(`select * from ${t}`))).rows)));
  return dumps.join('\n');
}

describe('spec 3 order placement: bin is the first 6 digits of a card (issue 30.7)', () => {
  const CARD_NUMBER = '4111111111111111';

  it('a whole card number (or any other length) is refused under fields.bin, never stored, logged or echoed', async () => {
    const logged: unknown[][] = [];
    const spies = (['error', 'warn', 'info', 'log'] as const).map((level) => jest.spyOn(console, level).mockImplementation((...args: unknown[]) => void logged.push(args)));
    try {
      const cart = await newCart();
      for (const bin of [CARD_NUMBER, Number(CARD_NUMBER), '41111', '4111111', '4111 11', 'abcdef', '']) {
        const res = await placeOrder({ cart_id: cart.body.data.id, mode: 'CARD', bin });
        expect(res.status).toBe(422);
        expect(res.body.error.code).toBe('validation_failed');
        expect(res.body.error.fields.bin).toBe('Please send only the first 6 digits of the card (bin)');
        expect(JSON.stringify(res.body)).not.toContain('411111');
      }
      // the card number beside another mistake is refused all the same, and still not repeated
      const both = await placeOrder({ cart_id: cart.body.data.id, mode: 'NOPE', bin: CARD_NUMBER });
      expect(both.status).toBe(422);
      expect(both.body.error.fields.bin).toBeDefined();
      expect(JSON.stringify(both.body)).not.toContain(CARD_NUMBER);
      expect(await db.select().from(orders).where(eq(orders.cart_id, cart.body.data.id))).toEqual([]);
      expect(await storedText()).not.toContain(CARD_NUMBER);
      expect(JSON.stringify(logged)).not.toContain('411111');
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });

  it('exactly six digits are taken with a card payment and kept on the order as its bin', async () => {
    const cart = await newCart();
    const res = await placeOrder({ cart_id: cart.body.data.id, mode: 'CARD', bin: '411111' });
    expect(res.status).toBe(201);
    const [row] = await db.select().from(orders).where(eq(orders.order_id, res.body.data.order_id));
    expect(row.params).toEqual({ card_bin: '411111' });
    // a UPI payment has no card: a bin sent with it is not kept
    const upiCart = await newCart();
    const upi = await placeOrder({ cart_id: upiCart.body.data.id, mode: 'UPI', bin: '411111' });
    expect(upi.status).toBe(201);
    const [upiRow] = await db.select().from(orders).where(eq(orders.order_id, upi.body.data.order_id));
    expect(upiRow.params).toBeNull();
    expect(await db.select({ id: carts.id }).from(carts).where(eq(carts.id, cart.body.data.id))).toHaveLength(1);
  });
});

describe('spec 3 cart recurring "1": a SIP is made on the SIP page, never a one-time gift (issue 30.4)', () => {
  it('is refused with a 422 that points to the SIP page, whatever the amount, currency or cause, and nothing is written', async () => {
    const email = `sip.${run}@example.com`;
    const asked = [
      { donated_amount: 99, currency: 'INR' },
      { donated_amount: 9, currency: 'USD', donor_extension: '+1', donor_phone: '2025550143' },
      { donated_amount: 19, currency: 'AED', donor_extension: '+971', donor_phone: '501234567' },
      { donated_amount: 500, currency: 'INR', sip_cause: 'no_such_cause' },
      // above every SIP minimum: still a SIP the donor asked for, so still not a one-time gift
      { donated_amount: 1000, currency: 'INR', skipmin: '1', sip_cause: 'medical' },
    ];
    for (const over of asked) {
      const res = await call(cartRoute, '/x', { id: String(fundraiser.id) }, post(cartBody({ ...over, recurring: '1', donor_email: email })));
      expect(res.status).toBe(422);
      expect(res.body.error).toMatchObject({ code: 'validation_failed', link: '/new/sip' });
      expect(res.body.error.message).toContain('/new/sip');
      expect(res.body.error.fields.recurring).toBe(res.body.error.message);
    }
    expect(await db.select().from(carts).where(eq(carts.donor_email, email))).toEqual([]);
    // a one-time cart from the same donor is made as before, and is one-time
    const once = await call(cartRoute, '/x', { id: String(fundraiser.id) }, post(cartBody({ recurring: '0', donor_email: email })));
    expect(once.status).toBe(201);
    expect((await db.select({ recurring: carts.recurring }).from(carts).where(eq(carts.id, once.body.data.id)))[0].recurring).toBe(false);
  });
});
