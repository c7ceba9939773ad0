// FCRA: a foreign citizen's gift to an NGO is a foreign contribution, taken only with a valid FCRA registration and
// refused before any payment without one; it is kept apart in the ledger and paid out only to the FCRA account.
// The donor's answer decides, never the currency alone; personal fundraisers record the declaration.
import { eq, like } from 'drizzle-orm';
import { POST as cartRoute } from '@/app/api/fundraisers/[id]/cart/route';
import { GET as fcraGet, PUT as fcraPut } from '@/app/api/ngos/[id]/fcra/route';
import type { Db } from '@/lib/db/client';
import { carts, entityDetails, fundraisers, ledgerEntries, orders, withdrawals } from '@/lib/db/schema';
import { FCRA_MESSAGES } from '@/lib/constants/giving';
import { checkLedger } from '@/lib/payments/ledger-check';
import { requestRefund } from '@/lib/payments/refunds';
import { decideWithdrawal, listWithdrawals } from '@/lib/fundraisers/withdrawals';
import { hasValidFcra } from '@/lib/donations/fcra';
import { citizenshipAsked } from '@/lib/donations/citizenship';
import { indiaDay } from '@/lib/india-time';
import { fundraiserById } from '@/lib/fundraisers/queries';
import { call, closeDb } from '../helpers/db';
import { sessionCookie } from '../helpers/auth';
import { addPayoutAccount, freshDb, makeCart, makeFundraiser, makeGift, makeNgo, makeNgoFundraiser, makeReviewer, makeUser, makeWithdrawal } from '../factories';

let db: Db;
beforeAll(async () => {
  db = await freshDb();
});
afterAll(closeDb);

const FCRA = { fcra_number: '231650202', fcra_valid_until: '2030-03-31', fcra_account_holder: 'Asha Trust FCRA', fcra_account_number: '40123456789', fcra_ifsc: 'SBIN0000691' };
const usd = { currency: 'USD' as const, donated_amount: 50, donor_extension: '+1', donor_phone: '4155550123' };
const refusal = (p: Promise<unknown>) => expect(p).rejects.toMatchObject({ status: 422, fields: { citizenship: FCRA_MESSAGES.refused } });

describe('who is asked', () => {
  it('every gift in another currency; a rupee gift to an NGO from a phone abroad or a card issued abroad; never a rupee gift from India', () => {
    expect(citizenshipAsked({ currency: 'USD', toNgo: false, extension: '+1', cardAbroad: false })).toBe(true);
    expect(citizenshipAsked({ currency: 'INR', toNgo: true, extension: '+44', cardAbroad: false })).toBe(true);
    expect(citizenshipAsked({ currency: 'INR', toNgo: true, extension: '91', cardAbroad: true })).toBe(true);
    expect(citizenshipAsked({ currency: 'INR', toNgo: true, extension: '+91', cardAbroad: false })).toBe(false);
    expect(citizenshipAsked({ currency: 'INR', toNgo: false, extension: '+44', cardAbroad: true })).toBe(false);
  });

  it('a registration is valid through its last day, India time', () => {
    const reg = { fcra_number: '231650202', fcra_valid_until: '2026-03-31' };
    expect(hasValidFcra(reg, new Date('2026-03-31T18:29:00Z'))).toBe(true); // 23:59 IST on the 31st
    expect(hasValidFcra(reg, new Date('2026-03-31T18:31:00Z'))).toBe(false); // 00:01 IST on 1 April
    expect(indiaDay(new Date('2026-03-31T18:31:00Z'))).toBe('2026-04-01');
    expect(hasValidFcra({ fcra_number: null, fcra_valid_until: '2030-01-01' })).toBe(false);
  });
});

describe('a gift that could be a foreign contribution', () => {
  it('is refused without the answer, through the cart API, with the field named', async () => {
    const f = await makeNgoFundraiser(db);
    const r = await call(cartRoute, '/x', { id: String(f.id) }, { method: 'POST', headers: { 'content-type': 'application/json', 'x-sahyog-client-address': '10.9.0.1' }, body: JSON.stringify({ ...usd, donor_name: 'Ann Lee', donor_email: 'ann@example.com' }) });
    expect(r.status).toBe(422);
    expect(r.body.error.fields).toEqual({ citizenship: FCRA_MESSAGES.citizenshipRequired });
    expect(await db.select().from(carts).where(eq(carts.fundraiser_id, f.id))).toHaveLength(0);
  });

  it("a foreign citizen's gift to an NGO without FCRA is refused before payment: no cart, no order; in rupees from abroad too", async () => {
    const f = await makeNgoFundraiser(db);
    await refusal(makeCart(db, f.id, { ...usd, citizenship: 'foreign' }));
    await refusal(makeCart(db, f.id, { donor_extension: '+44', donor_phone: '7700900123', citizenship: 'foreign' }));
    await refusal(makeCart(db, f.id, { card_abroad: '1', citizenship: 'foreign' }));
    expect(await db.select().from(carts).where(eq(carts.fundraiser_id, f.id))).toHaveLength(0);
    expect(await db.select().from(orders).where(eq(orders.fundraiser_id, f.id))).toHaveLength(0);
  });

  it('an expired registration refuses too; an Indian citizen abroad gives in any currency, not a foreign contribution', async () => {
    const ngo = await makeNgo(db, {}, { ...FCRA, fcra_valid_until: '2020-03-31' });
    const f = await makeNgoFundraiser(db, {}, ngo);
    await refusal(makeCart(db, f.id, { ...usd, citizenship: 'foreign' }));
    const { cart, order } = await makeGift(db, f.id, { cart: { ...usd, citizenship: 'indian' }, mode: 'CARD' });
    expect(cart.citizenship).toBe('indian');
    expect(order).toMatchObject({ status: 'success', foreign_contribution: false });
  });

  it('a foreign citizen gives to an NGO with a valid FCRA registration: a foreign contribution on its own ledger account, counted in raised', async () => {
    const ngo = await makeNgo(db, {}, FCRA);
    const f = await makeNgoFundraiser(db, {}, ngo);
    const { cart, order } = await makeGift(db, f.id, { cart: { ...usd, citizenship: 'foreign' }, mode: 'CARD' });
    expect(cart.citizenship).toBe('foreign');
    expect(order).toMatchObject({ status: 'success', foreign_contribution: true });
    const lines = await db.select().from(ledgerEntries).where(eq(ledgerEntries.group_id, order.order_id));
    expect(lines.find((l) => l.kind === 'donation')!.account).toBe(`fundraiser:${f.id}:fcra`);
    const [after] = await db.select().from(fundraisers).where(eq(fundraisers.id, f.id));
    expect(after.raised_minor).toBe(order.credited_amount_minor);
    // a domestic gift beside it stays on the usual account
    const domestic = await makeGift(db, f.id);
    expect((await db.select().from(ledgerEntries).where(eq(ledgerEntries.group_id, domestic.order.order_id)))[0].account).toBe(`fundraiser:${f.id}`);
    // a refund takes back from the account the gift went to
    await requestRefund(db, order.order_id, order.donated_amount_minor, { reason: 'donor asked', origin: 'http://localhost' });
    const refundLines = await db.select().from(ledgerEntries).where(like(ledgerEntries.group_id, 'refund:%'));
    expect(refundLines.filter((l) => l.account === `fundraiser:${f.id}:fcra`)).toHaveLength(1);
    const check = await checkLedger(db);
    expect(check.mismatchedFundraisers.filter((m) => m.id === f.id)).toEqual([]);
    expect(check.foreignContributionsOverdrawn).toEqual([]);
  });

  it('an NGO whose registration lapsed between cart and payment refuses the order', async () => {
    const ngo = await makeNgo(db, {}, FCRA);
    const f = await makeNgoFundraiser(db, {}, ngo);
    const cart = await makeCart(db, f.id, { ...usd, citizenship: 'foreign' });
    await db.update(entityDetails).set({ fcra_valid_until: '2021-01-01' }).where(eq(entityDetails.id, ngo.entity.id));
    const { placeOrder } = await import('@/lib/donations/service');
    await refusal(placeOrder(db, f.id, { cart_id: cart.id, mode: 'CARD', origin: 's' }, { origin: 'http://localhost', idempotencyKey: null, reader: { userId: null, carts: [cart.id] } }));
  });

  it("a personal fundraiser takes a foreign citizen's gift and records the declaration; it is not an FCRA contribution", async () => {
    const f = await makeFundraiser(db);
    const { cart, order } = await makeGift(db, f.id, { cart: { ...usd, citizenship: 'foreign' }, mode: 'CARD' });
    expect(cart.citizenship).toBe('foreign');
    expect(order.foreign_contribution).toBe(false);
    // a rupee gift from India is never asked, and nothing is recorded
    const plain = await makeGift(db, f.id, { cart: { citizenship: 'foreign' } });
    expect(plain.cart.citizenship).toBeNull();
  });
});

describe("the NGO's FCRA registration and payouts", () => {
  const ask = (user: { id: number }, fundraiserId: number, amount: number, fromForeign?: '1') =>
    makeWithdrawal(db, user, fundraiserId, amount, { purpose: 'School books for forty children', fromForeign: fromForeign === '1', until: 'requested' });

  it("only the NGO's people read and set it; the story shows it; anyone else gets 404", async () => {
    const ngo = await makeNgo(db);
    const f = await makeNgoFundraiser(db, {}, ngo);
    const owner = { cookie: await sessionCookie(db, ngo.user.id) };
    const stranger = { cookie: await sessionCookie(db, (await makeUser(db, 'Stranger')).id) };
    const put = (headers: Record<string, string>, body: unknown) => call(fcraPut, '/x', { id: String(ngo.entity.id) }, { method: 'PUT', headers: { 'content-type': 'application/json', origin: 'http://localhost', ...headers }, body: JSON.stringify(body) });
    expect((await put(stranger, FCRA)).status).toBe(404);
    expect((await call(fcraGet, '/x', { id: String(ngo.entity.id) }, { headers: stranger })).status).toBe(404);
    const bad = await put(owner, { ...FCRA, fcra_number: '12AB', fcra_ifsc: 'nope' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['fcra_ifsc', 'fcra_number']);
    const ok = await put(owner, FCRA);
    expect(ok.status).toBe(200);
    expect(ok.body.data).toEqual({ fcra_number: FCRA.fcra_number, fcra_valid_until: FCRA.fcra_valid_until, account: { account_holder_name: FCRA.fcra_account_holder, account_number_last4: '6789', ifsc_code: 'SBIN0000691' } });
    expect(await fundraiserById(db, f.id)).toMatchObject({ fcra_number: FCRA.fcra_number, fcra_valid_until: FCRA.fcra_valid_until });
    expect((await put(owner, { fcra_number: null })).body.data).toEqual({ fcra_number: null, fcra_valid_until: null, account: null });
  });

  it('foreign contributions are a balance of their own, paid only into the FCRA account; neither balance pays the other', async () => {
    const ngo = await makeNgo(db, {}, FCRA);
    const f = await makeNgoFundraiser(db, {}, ngo);
    await addPayoutAccount(db, ngo.user, f.id);
    const foreign = await makeGift(db, f.id, { cart: { currency: 'INR', donated_amount: 3000, donor_extension: '+44', donor_phone: '7700900123', citizenship: 'foreign' }, mode: 'CARD' });
    expect(foreign.order.foreign_contribution).toBe(true);
    await makeGift(db, f.id, { cart: { donated_amount: 1000 } });
    const { balance } = await listWithdrawals(db, ngo.user, f.id);
    expect(balance).toMatchObject({ raised: 4000, available: 1000, foreign: { raised: 3000, available: 3000, account: { account_number_last4: '6789', ifsc_code: 'SBIN0000691' } } });
    // the domestic balance cannot take the foreign money, nor the foreign the domestic
    await expect(ask(ngo.user, f.id, 1500)).rejects.toMatchObject({ status: 409 });
    await expect(ask(ngo.user, f.id, 3500, '1')).rejects.toMatchObject({ status: 409 });
    const w = await ask(ngo.user, f.id, 2000, '1');
    expect(w).toMatchObject({ foreign_contribution: true, account: { account_holder_name: FCRA.fcra_account_holder, account_number_last4: '6789', ifsc_code: 'SBIN0000691' } });
    const reviewer = await makeReviewer(db);
    await decideWithdrawal(db, reviewer, w.id, { decision: 'approve' });
    const [line] = await db.select().from(ledgerEntries).where(eq(ledgerEntries.group_id, `withdrawal:${w.id}`));
    expect(line).toMatchObject({ account: `fundraiser:${f.id}:fcra`, amount_minor: -200_000 });
    expect((await listWithdrawals(db, ngo.user, f.id)).balance.foreign).toMatchObject({ withdrawn: 2000, available: 1000 });
    const check = await checkLedger(db);
    expect(check.withdrawalsOffLedger).toEqual([]);
    expect(check.foreignContributionsOverdrawn).toEqual([]);
    expect((await db.select().from(withdrawals).where(eq(withdrawals.id, w.id)))[0].account_number).toBe(FCRA.fcra_account_number);
  });

  it('without an FCRA account, a foreign withdrawal is refused with the reason', async () => {
    const ngo = await makeNgo(db, {}, { ...FCRA, fcra_account_number: null });
    const f = await makeNgoFundraiser(db, {}, ngo);
    await addPayoutAccount(db, ngo.user, f.id);
    await makeGift(db, f.id, { cart: { ...usd, citizenship: 'foreign' }, mode: 'CARD' });
    await expect(ask(ngo.user, f.id, 10, '1')).rejects.toMatchObject({ status: 409, message: expect.stringContaining('FCRA account') });
  });
});
