// Withdrawals and a public spending record: a fundraiser's people add the bank account to pay into and ask
// for money up to the available balance, with a purpose and a bill; a reviewer approves or rejects and marks approved
// ones paid; the ledger and check:ledger follow; the story lists approved withdrawals, and their bills reach donors only.
import { mkdtempSync, readdirSync, rmSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { and, eq, sql } from 'drizzle-orm';
import { GET as getAccountRoute, PUT as putAccountRoute } from '@/app/api/campaigns/[id]/payout-account/route';
import { GET as listRoute, POST as requestRoute } from '@/app/api/campaigns/[id]/withdrawals/route';
import { GET as documentRoute } from '@/app/api/campaigns/[id]/withdrawals/[wid]/document/route';
import { GET as queueRoute } from '@/app/api/withdrawals/route';
import { POST as decideRoute } from '@/app/api/withdrawals/[wid]/route';
import { getDb, closeDb, databaseKind, type Db, type Tx } from '@/lib/db/client';
import { carts, fundraisers, ledgerEntries, memberships, outbox, payoutAccounts, withdrawals } from '@/lib/db/schema';
import { resetEnvForTests } from '@/lib/env';
import { resetMediaStoreForTests } from '@/lib/media/store';
import { listenForFundraiserChanges, type FundraisersChanged } from '@/lib/cache/bus';
import { checkLedger } from '@/lib/payments/ledger-check';
import { storyWithdrawals } from '@/lib/fundraisers/funds-used';
import { UPLOAD_MESSAGES } from '@/lib/media/uploads';
import { WITHDRAWAL_MESSAGES } from '@/lib/validation/withdrawals';
import { makeFundraiser, makeOrder, makeUser, referenceData } from '../factories';
import { signedIn } from '../helpers/auth';
import { call } from '../helpers/db';

let db: Db;
let dataDir: string;
const previousDataDir = process.env.DATA_DIR;
const stops: (() => Promise<void>)[] = [];
let seq = 0;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'sahyog-withdrawals-'));
  process.env.DATA_DIR = dataDir;
  resetEnvForTests();
  resetMediaStoreForTests();
  db = await getDb();
  await referenceData(db);
});
afterAll(async () => {
  for (const stop of stops) await stop();
  if (previousDataDir === undefined) delete process.env.DATA_DIR;
  else process.env.DATA_DIR = previousDataDir;
  resetEnvForTests();
  resetMediaStoreForTests();
  rmSync(dataDir, { recursive: true, force: true });
  await closeDb();
});

type Auth = Record<string, string>;
async function person(name: string) {
  const u = await makeUser(db, name);
  const session = await signedIn(db, u.id);
  return { ...u, auth: { authorization: `Bearer ${session.token}` } as Auth, cookie: { cookie: session.cookie } as Auth };
}
async function reviewer(name = 'Withdrawal Reviewer') {
  const r = await person(name);
  await db.insert(memberships).values({ user_id: r.id, scope: 'platform', role: 'reviewer' });
  return r;
}

/** A live fundraiser of a new campaigner that donors gave `gifts` (rupees) to, through the product's own settlement. */
async function fundedFundraiser(gifts: number[], values: Partial<typeof fundraisers.$inferInsert> = {}) {
  const campaigner = await person('Withdrawal Campaigner');
  const f = await makeFundraiser(db, { campaigner_id: campaigner.id, ...values });
  const donors = [];
  for (const rupees of gifts) {
    const donor = await person('Withdrawal Donor');
    const minor = rupees * 100;
    const [cart] = await db
      .insert(carts)
      .values({ fundraiser_id: f.id, user_id: donor.id, currency: 'INR', donated_amount_minor: minor, donated_amount_inr_minor: minor, tip_amount_minor: 0, donor_name: donor.full_name, donor_email: donor.email })
      .returning();
    await makeOrder(db, { order_id: `SHYWD${Date.now()}${++seq}`, cart_id: cart.id, fundraiser_id: f.id, user_id: donor.id, payment_mode: 'UPI', payment_gateway: 'sandbox', iso_currency: 'INR', donated_amount_minor: minor, tip_amount_minor: 0, credited_amount_minor: minor, status: 'success' });
    donors.push(donor);
  }
  return { f, campaigner, donors };
}

const json = (method: string, auth: Auth, body?: unknown): RequestInit => ({ method, headers: { 'content-type': 'application/json', ...auth }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
const getAccount = (auth: Auth, id: number) => call(getAccountRoute, `/api/campaigns/${id}/payout-account`, { id: String(id) }, json('GET', auth));
const putAccount = (auth: Auth, id: number, body: unknown) => call(putAccountRoute, `/api/campaigns/${id}/payout-account`, { id: String(id) }, json('PUT', auth, body));
const list = (auth: Auth, id: number) => call(listRoute, `/api/campaigns/${id}/withdrawals`, { id: String(id) }, json('GET', auth));
const queue = (auth: Auth, status?: string) => call(queueRoute, `/api/withdrawals${status ? `?status=${status}` : ''}`, {}, json('GET', auth));
const decide = (auth: Auth, wid: number, body: unknown) => call(decideRoute, `/api/withdrawals/${wid}`, { wid: String(wid) }, json('POST', auth, body));
const documentOf = (auth: Auth, id: number, wid: number) => call(documentRoute, `/api/campaigns/${id}/withdrawals/${wid}/document`, { id: String(id), wid: String(wid) }, { method: 'GET', headers: auth });

const ACCOUNT = { account_holder_name: 'Meena Devi', account_number: '123456789012', account_number_confirm: '123456789012', ifsc_code: 'SBIN0001234' };

/** A photo of a bill. */
const billPhoto = () =>
  sharp({ create: { width: 800, height: 1100, channels: 3, background: { r: 250, g: 250, b: 245 } } })
    .png()
    .toBuffer()
    .then((b) => new Uint8Array(b));

async function ask(auth: Auth, id: number, fields: { purpose?: string; amount?: string | number }, document: { bytes: Uint8Array; name: string } | null = null) {
  const form = new FormData();
  if (fields.purpose !== undefined) form.append('purpose', fields.purpose);
  if (fields.amount !== undefined) form.append('amount', String(fields.amount));
  if (document) form.append('document', new Blob([document.bytes as BlobPart]), document.name);
  return call(requestRoute, `/api/campaigns/${id}/withdrawals`, { id: String(id) }, { method: 'POST', headers: auth, body: form });
}
const askWithBill = async (auth: Auth, id: number, amount: number | string, purpose = 'Hospital bill for the first week of treatment') => ask(auth, id, { purpose, amount }, { bytes: await billPhoto(), name: 'bill.png' });

const storedFiles = () => (existsSync(path.join(dataDir, 'uploads')) ? readdirSync(path.join(dataDir, 'uploads')) : []);
const withdrawalsOf = (fundraiserId: number) => db.select().from(withdrawals).where(eq(withdrawals.fundraiser_id, fundraiserId));

describe('the payout bank account', () => {
  it('refuses a mismatched number, a bad IFSC and a short number; keeps the account but answers only its last 4 digits', async () => {
    const { f, campaigner } = await fundedFundraiser([]);
    const mismatch = await putAccount(campaigner.auth, f.id, { ...ACCOUNT, account_number_confirm: '123456789013' });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.error.fields).toEqual({ account_number_confirm: WITHDRAWAL_MESSAGES.accountMismatch });
    for (const ifsc of ['SBIN1001234', 'SBI0001234', 'SBIN0001234X', '1234O001234']) {
      expect((await putAccount(campaigner.auth, f.id, { ...ACCOUNT, ifsc_code: ifsc })).body.error.fields).toEqual({ ifsc_code: WITHDRAWAL_MESSAGES.ifsc });
    }
    expect((await putAccount(campaigner.auth, f.id, { ...ACCOUNT, account_number: '12345678', account_number_confirm: '12345678' })).body.error.fields).toEqual({ account_number: WITHDRAWAL_MESSAGES.accountNumber });
    expect((await putAccount(campaigner.auth, f.id, { ...ACCOUNT, account_number: '12345678901A', account_number_confirm: '12345678901A' })).body.error.fields).toEqual({ account_number: WITHDRAWAL_MESSAGES.accountNumber });
    expect((await getAccount(campaigner.auth, f.id)).body.data).toBeNull();

    // spaces between groups are fine, the IFSC is upper-cased
    const saved = await putAccount(campaigner.auth, f.id, { ...ACCOUNT, account_number: '1234 5678 9012', account_number_confirm: '123456789012', ifsc_code: ' sbin0001234 ' });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ account_holder_name: 'Meena Devi', account_number_last4: '9012', ifsc_code: 'SBIN0001234' });
    const read = await getAccount(campaigner.auth, f.id);
    expect(read.body.data).toMatchObject({ account_number_last4: '9012' });
    for (const answer of [saved, read]) expect(JSON.stringify(answer.body)).not.toContain('12345678');
    const [row] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.fundraiser_id, f.id));
    expect(row).toMatchObject({ account_number: '123456789012', ifsc_code: 'SBIN0001234' });
  });
});

describe('asking for a withdrawal', () => {
  it('needs the account, a purpose, an amount and a bill; refuses more than the available balance with its message', async () => {
    const { f, campaigner } = await fundedFundraiser([6_000, 4_000]);
    expect((await askWithBill(campaigner.auth, f.id, 1_000)).body.error.message).toBe(WITHDRAWAL_MESSAGES.noAccount);
    await putAccount(campaigner.auth, f.id, ACCOUNT);

    expect((await ask(campaigner.auth, f.id, { purpose: 'Bill', amount: 100 }, { bytes: await billPhoto(), name: 'bill.png' })).body.error.fields).toEqual({ purpose: WITHDRAWAL_MESSAGES.purpose });
    expect((await ask(campaigner.auth, f.id, { purpose: 'Medicines for the month', amount: '0' }, { bytes: await billPhoto(), name: 'bill.png' })).body.error.fields).toEqual({ amount: WITHDRAWAL_MESSAGES.amountPositive });
    expect((await ask(campaigner.auth, f.id, { purpose: 'Medicines for the month', amount: '10.005' }, { bytes: await billPhoto(), name: 'bill.png' })).body.error.fields).toEqual({ amount: WITHDRAWAL_MESSAGES.amountDecimals });
    expect((await ask(campaigner.auth, f.id, { purpose: 'Medicines for the month', amount: 100 })).body.error.fields).toEqual({ document: WITHDRAWAL_MESSAGES.document });
    // a PDF (or anything but a picture) is not taken: the same image rule as every upload
    const pdf = await ask(campaigner.auth, f.id, { purpose: 'Medicines for the month', amount: 100 }, { bytes: new TextEncoder().encode('%PDF-1.7 a bill'), name: 'bill.pdf' });
    expect(pdf.status).toBe(422);
    expect(pdf.body.error.fields).toEqual({ document: UPLOAD_MESSAGES.format });

    const tooMuch = await askWithBill(campaigner.auth, f.id, 10_001);
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.error.message).toBe('The amount is more than the available balance of ₹10,000');
    expect(tooMuch.body.error.fields).toEqual({ amount: 'The amount is more than the available balance of ₹10,000' });

    const first = await askWithBill(campaigner.auth, f.id, '6000.50');
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ amount: 6000.5, currency: 'INR', status: 'requested', account: { account_holder_name: 'Meena Devi', account_number_last4: '9012', ifsc_code: 'SBIN0001234' } });
    expect(JSON.stringify(first.body)).not.toContain('123456789012');
    // what was asked for holds its amount until decided
    const again = await askWithBill(campaigner.auth, f.id, 4_000);
    expect(again.body.error.message).toBe('The amount is more than the available balance of ₹3,999.50');
    const listed = await list(campaigner.auth, f.id);
    expect(listed.body.data.balance).toEqual({ currency: 'INR', raised: 10_000, withdrawn: 0, pending: 6000.5, available: 3999.5 });
    expect(listed.body.data.withdrawals.map((w: { id: number }) => w.id)).toEqual([first.body.data.id]);
    expect(await withdrawalsOf(f.id)).toHaveLength(1);
  });

  it('two requests at once that together exceed the balance: one is accepted, the other refused and its bill removed', async () => {
    const { f, campaigner } = await fundedFundraiser([10_000]);
    await putAccount(campaigner.auth, f.id, ACCOUNT);
    const filesBefore = storedFiles().length;
    let settled = 0;
    const race = () => Promise.all(['first', 'second'].map((part) => askWithBill(campaigner.auth, f.id, 6_000, `Surgery advance, ${part} part`).finally(() => settled++)));
    let answers: Awaited<ReturnType<typeof race>>;
    if ((await databaseKind()) === 'postgres') {
      // the test holds the fundraiser's row until both requests wait for it, so they truly meet at the balance check
      let pending!: ReturnType<typeof race>;
      await db.transaction(async (tx) => {
        await tx.select({ id: fundraisers.id }).from(fundraisers).where(eq(fundraisers.id, f.id)).for('update');
        pending = race();
        await waitFor(async () => settled === 2 || (await blockedBy(tx)) >= 2);
      });
      answers = await pending;
    } else {
      // PGlite runs one transaction at a time on its one connection
      answers = await race();
    }
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.status === 409)!.body.error.message).toBe('The amount is more than the available balance of ₹4,000');
    const rows = await withdrawalsOf(f.id);
    expect(rows.map((r) => r.amount_minor)).toEqual([600_000]);
    expect(storedFiles().length - filesBefore).toBe(1);
    expect(storedFiles()).toContain(`${rows[0].document_upload_id}-story.webp`);
  });

  it("refuses other users' tokens on every call (404) and signed-out calls (401); nothing changes", async () => {
    const { f, campaigner, donors } = await fundedFundraiser([5_000]);
    await putAccount(campaigner.auth, f.id, ACCOUNT);
    const w = (await askWithBill(campaigner.auth, f.id, 1_000)).body.data;
    const stranger = await person('Withdrawal Stranger');
    for (const who of [stranger, donors[0]]) {
      expect((await getAccount(who.auth, f.id)).status).toBe(404);
      expect((await putAccount(who.auth, f.id, { ...ACCOUNT, account_number: '999999999999', account_number_confirm: '999999999999' })).status).toBe(404);
      expect((await list(who.auth, f.id)).status).toBe(404);
      expect((await askWithBill(who.auth, f.id, 100)).status).toBe(404);
      expect((await documentOf(who.auth, f.id, w.id)).status).toBe(404);
      expect((await queue(who.auth)).status).toBe(404);
      for (const body of [{ decision: 'approve' }, { decision: 'reject', reason: 'Not a real hospital bill at all' }, { decision: 'paid', reference: 'UTR1' }]) expect((await decide(who.auth, w.id, body)).status).toBe(404);
    }
    expect((await getAccount({}, f.id)).status).toBe(401);
    expect((await putAccount({}, f.id, ACCOUNT)).status).toBe(401);
    expect((await list({}, f.id)).status).toBe(401);
    expect((await askWithBill({}, f.id, 100)).status).toBe(401);
    expect((await decide({}, w.id, { decision: 'approve' })).status).toBe(401);
    expect((await documentOf({}, f.id, w.id)).status).toBe(404);
    // a withdrawal is reached only through its own fundraiser
    const other = await fundedFundraiser([]);
    expect((await documentOf(other.campaigner.auth, other.f.id, w.id)).status).toBe(404);

    const [account] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.fundraiser_id, f.id));
    expect(account.account_number).toBe(ACCOUNT.account_number);
    expect((await withdrawalsOf(f.id)).map((r) => [r.id, r.status])).toEqual([[w.id, 'requested']]);
    // the fundraiser's manager acts like its campaigner
    const manager = await person('Withdrawal Manager');
    await db.update(fundraisers).set({ manager_id: manager.id }).where(eq(fundraisers.id, f.id));
    expect((await list(manager.auth, f.id)).body.data.withdrawals).toHaveLength(1);
  });
});

describe('the review', () => {
  it('a reviewer approves (ledger entry, raised unchanged, story expired), then marks it paid; rejects with a reason', async () => {
    const { f, campaigner } = await fundedFundraiser([8_000, 2_000]);
    await putAccount(campaigner.auth, f.id, ACCOUNT);
    const a = (await askWithBill(campaigner.auth, f.id, 3_000, 'Medicines from the hospital pharmacy')).body.data;
    const b = (await askWithBill(campaigner.auth, f.id, 2_000, 'Ambulance to the city hospital')).body.data;
    const desk = await reviewer();

    const waiting = (await queue(desk.auth)).body.data.filter((q: { fundraiser_id: number }) => q.fundraiser_id === f.id);
    expect(waiting.map((q: { id: number }) => q.id)).toEqual([a.id, b.id]);
    expect(waiting[0]).toMatchObject({ status: 'requested', amount: 3_000, fundraiser: { id: f.id, title: f.title, raised: 10_000 }, account: { account_number_last4: '9012' } });
    expect(JSON.stringify(waiting)).not.toContain('123456789012');

    expect((await decide(desk.auth, a.id, { decision: 'paid', reference: 'UTR123' })).body.error.message).toBe(WITHDRAWAL_MESSAGES.notApproved);
    expect((await decide(desk.auth, b.id, { decision: 'reject' })).body.error.fields).toEqual({ reason: WITHDRAWAL_MESSAGES.reason });
    expect((await decide(desk.auth, b.id, { decision: 'reject', reason: 'short' })).status).toBe(422);
    expect((await decide(desk.auth, a.id, { decision: 'maybe' })).status).toBe(422);

    const heard: FundraisersChanged[] = [];
    stops.push(await listenForFundraiserChanges((m) => heard.push(m)));
    const approved = await decide(desk.auth, a.id, { decision: 'approve' });
    expect(approved.status).toBe(200);
    expect(approved.body.data).toMatchObject({ id: a.id, status: 'approved', review_reason: null });
    expect((await decide(desk.auth, a.id, { decision: 'approve' })).body.error.message).toBe(WITHDRAWAL_MESSAGES.decided);
    const entries = await db.select().from(ledgerEntries).where(eq(ledgerEntries.group_id, `withdrawal:${a.id}`));
    expect(entries.map((e) => [e.account, e.kind, e.amount_minor, e.currency])).toEqual([[`fundraiser:${f.id}`, 'withdrawal', -300_000, 'INR']]);
    const [after] = await db.select({ raised: fundraisers.raised_minor, donors: fundraisers.donor_count }).from(fundraisers).where(eq(fundraisers.id, f.id));
    expect(after).toEqual({ raised: 1_000_000, donors: 2 });
    // every server expires the story at commit
    await waitFor(() => heard.some((m) => m.fundraisers.includes(f.id)));

    const paid = await decide(desk.auth, a.id, { decision: 'paid', reference: 'UTR2024061900123' });
    expect(paid.body.data).toMatchObject({ status: 'paid', paid_reference: 'UTR2024061900123' });
    expect(paid.body.data.paid_at).toEqual(expect.any(String));
    expect((await decide(desk.auth, a.id, { decision: 'paid', reference: 'UTR again' })).status).toBe(409);
    // paying writes nothing more to the ledger: the money left the account when approved
    expect(await db.select().from(ledgerEntries).where(eq(ledgerEntries.group_id, `withdrawal:${a.id}`))).toHaveLength(1);

    const rejected = await decide(desk.auth, b.id, { decision: 'reject', reason: 'The bill does not name the patient, please upload the full bill.' });
    expect(rejected.body.data).toMatchObject({ status: 'rejected', review_reason: 'The bill does not name the patient, please upload the full bill.' });
    expect(await db.select().from(ledgerEntries).where(eq(ledgerEntries.group_id, `withdrawal:${b.id}`))).toEqual([]);
    // a rejected withdrawal holds nothing
    expect((await list(campaigner.auth, f.id)).body.data.balance).toEqual({ currency: 'INR', raised: 10_000, withdrawn: 3_000, pending: 0, available: 7_000 });
    expect((await queue(desk.auth, 'paid')).body.data.map((q: { id: number }) => q.id)).toContain(a.id);
    expect((await queue(desk.auth, 'nonsense')).status).toBe(422);
    // the campaigner hears of each decision
    const mail = await db.select({ subject: outbox.subject }).from(outbox).where(eq(outbox.recipient, campaigner.email)).orderBy(outbox.id);
    expect(mail.map((m) => m.subject)).toEqual([`Withdrawal approved: ${f.title}`, `Withdrawal paid: ${f.title}`, `Withdrawal not approved: ${f.title}`]);
  });

  it('a reviewer cannot decide on a fundraiser they manage, nor approve more than is now raised', async () => {
    const { f, campaigner } = await fundedFundraiser([5_000]);
    await putAccount(campaigner.auth, f.id, ACCOUNT);
    const w = (await askWithBill(campaigner.auth, f.id, 5_000)).body.data;
    await db.insert(memberships).values({ user_id: campaigner.id, scope: 'platform', role: 'reviewer' });
    expect((await decide(campaigner.auth, w.id, { decision: 'approve' })).body.error.message).toBe(WITHDRAWAL_MESSAGES.ownFundraiser);
    // a refund since the request lowered what was raised
    await db.transaction(async (tx) => {
      await tx.update(fundraisers).set({ raised_minor: 400_000 }).where(eq(fundraisers.id, f.id));
      await tx.insert(ledgerEntries).values({ group_id: `refund:test-wd-${f.id}`, account: `fundraiser:${f.id}`, kind: 'refund', amount_minor: -100_000, currency: 'INR' });
    });
    const desk = await reviewer('Second Withdrawal Reviewer');
    expect((await decide(desk.auth, w.id, { decision: 'approve' })).body.error.message).toBe(WITHDRAWAL_MESSAGES.overRaised);
    expect((await withdrawalsOf(f.id))[0].status).toBe('requested');
  });
});

describe('the public spending record', () => {
  it('the story lists approved and paid withdrawals only, without the account; the bill reaches donors, the people and reviewers', async () => {
    const { f, campaigner, donors } = await fundedFundraiser([7_000, 3_000]);
    await putAccount(campaigner.auth, f.id, ACCOUNT);
    const desk = await reviewer('Story Withdrawal Reviewer');
    const ids: number[] = [];
    for (const [amount, purpose] of [[1_000, 'Blood tests and scans'], [2_000, 'Medicines for two weeks'], [500, 'Taxi fares to the hospital'], [700, 'Physiotherapy sessions']] as const) {
      ids.push((await askWithBill(campaigner.auth, f.id, amount, purpose)).body.data.id);
    }
    await decide(desk.auth, ids[0], { decision: 'approve' });
    await decide(desk.auth, ids[0], { decision: 'paid', reference: 'UTR-STORY-1' });
    await decide(desk.auth, ids[1], { decision: 'approve' });
    await decide(desk.auth, ids[2], { decision: 'reject', reason: 'Taxi fares need receipts with dates on them.' });

    const story = await storyWithdrawals(db, f.id);
    expect(story.map((s) => s.id).sort()).toEqual([ids[0], ids[1]].sort());
    expect(story.find((s) => s.id === ids[0])).toMatchObject({ amount_minor: 100_000, currency: 'INR', purpose: 'Blood tests and scans', status: 'paid', paid_at: expect.any(String), approved_at: expect.any(String), document_url: `/api/campaigns/${f.id}/withdrawals/${ids[0]}/document` });
    expect(story.find((s) => s.id === ids[1])).toMatchObject({ status: 'approved', paid_at: null });
    expect(Object.keys(story[0]).sort()).toEqual(['amount_minor', 'approved_at', 'currency', 'document_url', 'id', 'paid_at', 'purpose', 'status']);

    // a donor, signed in (the story's link is followed with their cookie), sees approved bills
    const bill = await documentOf(donors[0].cookie, f.id, ids[0]);
    expect(bill.status).toBe(200);
    expect(bill.headers.get('content-type')).toBe('image/webp');
    expect(bill.headers.get('cache-control')).toBe('private, no-store');
    expect(bill.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await documentOf(donors[1].auth, f.id, ids[1])).status).toBe(200);
    // not those still waiting or rejected; a stranger and a signed-out visitor see none
    expect((await documentOf(donors[0].auth, f.id, ids[2])).status).toBe(404);
    expect((await documentOf(donors[0].auth, f.id, ids[3])).status).toBe(404);
    const stranger = await person('Bill Stranger');
    expect((await documentOf(stranger.auth, f.id, ids[0])).status).toBe(404);
    expect((await documentOf({}, f.id, ids[0])).status).toBe(404);
    // the fundraiser's people and reviewers see every bill
    expect((await documentOf(campaigner.auth, f.id, ids[3])).status).toBe(200);
    expect((await documentOf(desk.auth, f.id, ids[2])).status).toBe(200);
    // a donor of another fundraiser is a stranger here
    const elsewhere = await fundedFundraiser([100]);
    expect((await documentOf(elsewhere.donors[0].auth, f.id, ids[0])).status).toBe(404);
  });
});

describe('check:ledger', () => {
  it('reports withdrawals that exceed what was raised, and withdrawals that differ from their ledger lines', async () => {
    const { f, campaigner } = await fundedFundraiser([4_000]);
    await putAccount(campaigner.auth, f.id, ACCOUNT);
    const w = (await askWithBill(campaigner.auth, f.id, 3_000)).body.data;
    await decide((await reviewer('Ledger Reviewer')).auth, w.id, { decision: 'approve' });
    const mine = (r: Awaited<ReturnType<typeof checkLedger>>) => ({
      raised: r.mismatchedFundraisers.filter((m) => m.id === f.id),
      over: r.withdrawalsOverRaised.filter((m) => m.id === f.id),
      off: r.withdrawalsOffLedger.filter((m) => m.id === f.id),
    });
    expect(mine(await checkLedger(db))).toEqual({ raised: [], over: [], off: [] });

    // the damage stays inside a transaction that is rolled back: other test files share the database
    const rolledBack = new Error('rolled back on purpose');
    await expect(
      db.transaction(async (tx) => {
        await tx.update(withdrawals).set({ amount_minor: 500_000 }).where(eq(withdrawals.id, w.id));
        await tx.update(ledgerEntries).set({ amount_minor: -500_000 }).where(and(eq(ledgerEntries.group_id, `withdrawal:${w.id}`), eq(ledgerEntries.kind, 'withdrawal')));
        expect(mine(await checkLedger(tx))).toEqual({ raised: [], over: [{ id: f.id, raised: 400_000, withdrawn: 500_000 }], off: [] });
        // a withdrawal whose ledger line does not follow it
        await tx.update(withdrawals).set({ amount_minor: 350_000 }).where(eq(withdrawals.id, w.id));
        expect(mine(await checkLedger(tx)).off).toEqual([{ id: f.id, withdrawals: 350_000, ledger: 500_000 }]);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    expect(mine(await checkLedger(db))).toEqual({ raised: [], over: [], off: [] });
  });
});

/** How many other connections wait, directly or behind another waiter, for a lock this transaction holds (PostgreSQL). */
async function blockedBy(tx: Tx): Promise<number> {
  // a transaction keeps its first look at pg_stat_activity unless told to look again
  await tx.execute(sql`select pg_stat_clear_snapshot()`);
  // the first waiter waits for this transaction, the next for the first: follow the chain
  const result = await tx.execute<{ n: number }>(sql`
    with recursive waiting(pid) as (
      select pid from pg_stat_activity where pg_backend_pid() = any(pg_blocking_pids(pid))
      union
      select a.pid from pg_stat_activity a join waiting w on w.pid = any(pg_blocking_pids(a.pid))
    )
    select count(*)::int as n from waiting`);
  return (Array.isArray(result) ? result : (result as unknown as { rows: { n: number }[] }).rows)[0].n;
}

async function waitFor(ok: () => boolean | Promise<boolean>, timeoutMs = 10_000) {
  const until = Date.now() + timeoutMs;
  while (!(await ok())) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}
