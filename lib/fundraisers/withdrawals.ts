// Withdrawals and a public spending record. A fundraiser's people add the bank account to pay into and ask
// for money up to the available balance (raised less every withdrawal not rejected), with a purpose and a bill; a
// reviewer approves or rejects, and marks an approved one paid with the bank's reference (the product pays nothing
// itself). An approval writes the withdrawal to the ledger and expires the story, whose "How funds are used" lists it.
import 'server-only';
import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { entityDetails, fundraisers, ledgerEntries, orders, payoutAccounts, refunds, users, withdrawals } from '../db/schema';
import { IMAGE_MAX_BYTES, MULTIPART_OVERHEAD_BYTES } from '../constants/media';
import { UPLOADS_PER_HOUR, UPLOADS_WINDOW_MS } from '../constants/security/limits';
import { BANK_ACCOUNT_VISIBLE_DIGITS, WITHDRAWAL_QUEUE_MAX } from '../constants/withdrawals';
import { formatMoney, toMajor, toMinor } from '../money';
import { ApiError, conflict, notFound, rateLimited } from '../http/errors';
import { readBodyCapped } from '../http/body';
import { parseWith } from '../http/validation';
import { assertManages, can } from '../permissions/can';
import { hitRateLimit } from '../security/rate-limit';
import { deleteImageUpload, processImageUpload, readImageUpload, UPLOAD_MESSAGES } from '../media/uploads';
import { foreignContributionAccount, recordWithdrawal } from '../payments/ledger';
import { enqueueMessage } from '../outbox/queue';
import { withdrawalOutcomeEmail } from '../email/campaigner';
import { emailBrand } from '../email/brand';
import { siteConfig } from '../whitelabel/resolve';
import { mainSiteOrigin } from '../whitelabel/site';
import { announceFundraisersChanged } from '../cache/bus';
import { invalidateFundraiser } from '../cache/invalidate';
import { hasSupported } from './queries';
import { withdrawalDocumentPath } from '../fundraisers/funds-used';
import { APPROVED_WITHDRAWAL_STATUSES as APPROVED } from '../constants/withdrawals';
import { assertNotSupporting } from './supporting';
import {
  WITHDRAWAL_MESSAGES,
  WithdrawalRequestSchema,
  type PayoutAccountInput,
  type WithdrawalDecision,
  type WithdrawalRequestInput,
  type WithdrawalStatus,
} from '../validation/withdrawals';

type Actor = { id: number };
type WithdrawalRow = typeof withdrawals.$inferSelect;

/** Every answer and page shows this much of an account number, never more. */
export const lastDigits = (accountNumber: string) => accountNumber.slice(-BANK_ACCOUNT_VISIBLE_DIGITS);

export interface PayoutAccountView {
  account_holder_name: string;
  account_number_last4: string;
  ifsc_code: string;
  updated_at: string;
}

export interface WithdrawalBalance {
  currency: string;
  /** what donors gave, less refunds (the fundraiser's raised total) */
  raised: number;
  /** approved and paid withdrawals */
  withdrawn: number;
  /** withdrawals waiting for a reviewer */
  pending: number;
  /** what may still be asked for */
  available: number;
  /**
   * FCRA: an NGO's foreign contributions, held apart (already inside raised, never inside available above) and paid out
   * only to its FCRA account; present when it has received any or holds a registration
   */
  foreign?: { raised: number; withdrawn: number; pending: number; available: number; account: { account_holder_name: string; account_number_last4: string; ifsc_code: string } | null };
}

export interface WithdrawalView {
  id: number;
  fundraiser_id: number;
  /** in the fundraiser's currency, whole units with paise as decimals */
  amount: number;
  currency: string;
  purpose: string;
  status: WithdrawalStatus;
  /** the account it is to be paid into, as it was when asked for */
  account: { account_holder_name: string; account_number_last4: string; ifsc_code: string };
  document_url: string;
  requested_at: string;
  reviewed_at: string | null;
  review_reason: string | null;
  paid_at: string | null;
  paid_reference: string | null;
  /** paid from foreign contributions, into the NGO's FCRA account */
  foreign_contribution: boolean;
}

export interface QueuedWithdrawal extends WithdrawalView {
  fundraiser: { id: number; title: string; custom_tag: string; raised: number; currency: string };
  requested_by: { id: number; full_name: string };
}

const iso = (d: Date | string) => new Date(d).toISOString();
const isoOrNull = (d: Date | string | null) => (d ? iso(d) : null);

const viewOf = (w: WithdrawalRow): WithdrawalView => ({
  id: w.id,
  fundraiser_id: w.fundraiser_id,
  amount: toMajor(w.amount_minor),
  currency: w.currency,
  purpose: w.purpose,
  status: w.status,
  account: { account_holder_name: w.account_holder_name, account_number_last4: lastDigits(w.account_number), ifsc_code: w.ifsc_code },
  document_url: withdrawalDocumentPath(w.fundraiser_id, w.id),
  requested_at: iso(w.created_at),
  reviewed_at: isoOrNull(w.reviewed_at),
  review_reason: w.review_reason,
  paid_at: isoOrNull(w.paid_at),
  paid_reference: w.paid_reference,
  foreign_contribution: w.foreign_contribution,
});

const accountViewOf = (a: typeof payoutAccounts.$inferSelect): PayoutAccountView => ({
  account_holder_name: a.account_holder_name,
  account_number_last4: lastDigits(a.account_number),
  ifsc_code: a.ifsc_code,
  updated_at: iso(a.updated_at),
});

const isReviewer = (db: DbOrTx, user: Actor) => can(db, user, 'fundraiser.review', { kind: 'platform' });

async function payoutAccountRow(db: DbOrTx, fundraiserId: number) {
  const [a] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.fundraiser_id, fundraiserId));
  return a ?? null;
}

export async function getPayoutAccount(db: DbOrTx, user: Actor, fundraiserId: number): Promise<PayoutAccountView | null> {
  await assertManages(db, user, fundraiserId);
  const a = await payoutAccountRow(db, fundraiserId);
  return a ? accountViewOf(a) : null;
}

/** Adds or replaces the account; withdrawals already asked for keep the account they named. */
export async function setPayoutAccount(db: DbOrTx, user: Actor, fundraiserId: number, input: PayoutAccountInput): Promise<PayoutAccountView> {
  await assertManages(db, user, fundraiserId);
  await assertNotSupporting(db, fundraiserId);
  const values = { account_holder_name: input.account_holder_name, account_number: input.account_number, ifsc_code: input.ifsc_code, updated_by: user.id };
  const [a] = await db
    .insert(payoutAccounts)
    .values({ fundraiser_id: fundraiserId, ...values })
    .onConflictDoUpdate({ target: payoutAccounts.fundraiser_id, set: { ...values, updated_at: new Date() } })
    .returning();
  return accountViewOf(a);
}

/** Sums of the fundraiser's withdrawals by where they stand, in minor units: from its foreign contributions or from the rest. */
async function withdrawalSums(db: DbOrTx, fundraiserId: number, foreign: boolean) {
  const [s] = await db
    .select({
      withdrawn: sql<number>`coalesce(sum(${withdrawals.amount_minor}) filter (where ${inArray(withdrawals.status, [...APPROVED])}), 0)`.mapWith(Number),
      pending: sql<number>`coalesce(sum(${withdrawals.amount_minor}) filter (where ${withdrawals.status} = 'requested'), 0)`.mapWith(Number),
    })
    .from(withdrawals)
    .where(and(eq(withdrawals.fundraiser_id, fundraiserId), eq(withdrawals.foreign_contribution, foreign)));
  return s;
}

/** What foreign contributions brought the fundraiser (and the fundraisers supporting it), less their refunds: its FCRA accounts in the ledger. */
async function foreignRaisedMinor(db: DbOrTx, fundraiserId: number): Promise<number> {
  const ids = await db.select({ id: fundraisers.id }).from(fundraisers).where(or(eq(fundraisers.id, fundraiserId), eq(fundraisers.support_campaign_id, fundraiserId)));
  const [r] = await db
    .select({ sum: sql<number>`coalesce(sum(${ledgerEntries.amount_minor}), 0)`.mapWith(Number) })
    .from(ledgerEntries)
    .where(and(inArray(ledgerEntries.kind, ['donation', 'refund']), inArray(ledgerEntries.account, ids.map((f) => foreignContributionAccount(f.id)))));
  return r.sum;
}

/** The fundraiser's share (in its currency) of refunds held for finance: money that may yet go back to donors. */
async function heldRefundsMinor(db: DbOrTx, fundraiserId: number, foreign: boolean): Promise<number> {
  const [r] = await db
    .select({
      // a refund takes the donation back before the tip: its share of what the fundraiser was credited
      sum: sql<number>`coalesce(sum(round(least(${refunds.amount_minor}, ${orders.donated_amount_minor})::numeric * ${orders.credited_amount_minor} / nullif(${orders.donated_amount_minor}, 0))), 0)`.mapWith(Number),
    })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.order_id))
    .where(and(eq(orders.fundraiser_id, fundraiserId), eq(orders.foreign_contribution, foreign), eq(refunds.held_for_finance, true), eq(refunds.status, 'pending')));
  return r.sum;
}

// a rejected withdrawal holds nothing; one asked for holds its amount until decided, and a refund held for finance
// holds its share. Foreign contributions and the rest are two balances: neither is ever paid out of the other.
async function balanceMinor(db: DbOrTx, f: { id: number; raised_minor: number }, foreign = false) {
  const foreignRaised = await foreignRaisedMinor(db, f.id);
  const raised = foreign ? foreignRaised : f.raised_minor - foreignRaised;
  const { withdrawn, pending } = await withdrawalSums(db, f.id, foreign);
  const held = await heldRefundsMinor(db, f.id, foreign);
  return { raised, withdrawn, pending, available: Math.max(0, raised - withdrawn - pending - held) };
}

/** The NGO's FCRA registration and account, when the fundraiser raises for an NGO. */
async function fcraOf(db: DbOrTx, fundraiserId: number) {
  const [e] = await db
    .select({ fcra_number: entityDetails.fcra_number, holder: entityDetails.fcra_account_holder, number: entityDetails.fcra_account_number, ifsc: entityDetails.fcra_ifsc })
    .from(fundraisers)
    .innerJoin(entityDetails, and(eq(entityDetails.id, fundraisers.entity_details_id), eq(entityDetails.entity_type, 'ngo')))
    .where(eq(fundraisers.id, fundraiserId));
  return e ?? null;
}
const fcraAccountOf = (e: NonNullable<Awaited<ReturnType<typeof fcraOf>>>) => (e.holder && e.number && e.ifsc ? { account_holder_name: e.holder, account_number: e.number, ifsc_code: e.ifsc } : null);

async function balanceOf(db: DbOrTx, fundraiserId: number): Promise<WithdrawalBalance> {
  const [f] = await db.select({ id: fundraisers.id, raised_minor: fundraisers.raised_minor, currency: fundraisers.currency }).from(fundraisers).where(eq(fundraisers.id, fundraiserId));
  if (!f) throw notFound('Fundraiser not found');
  const b = await balanceMinor(db, f);
  const balance: WithdrawalBalance = { currency: f.currency, raised: toMajor(f.raised_minor), withdrawn: toMajor(b.withdrawn), pending: toMajor(b.pending), available: toMajor(b.available) };
  const fcra = await fcraOf(db, fundraiserId);
  const fb = await balanceMinor(db, f, true);
  if (fcra?.fcra_number || fb.raised || fb.withdrawn || fb.pending) {
    const account = fcra ? fcraAccountOf(fcra) : null;
    balance.foreign = {
      raised: toMajor(fb.raised),
      withdrawn: toMajor(fb.withdrawn),
      pending: toMajor(fb.pending),
      available: toMajor(fb.available),
      account: account && { account_holder_name: account.account_holder_name, account_number_last4: lastDigits(account.account_number), ifsc_code: account.ifsc_code },
    };
  }
  return balance;
}

/** The fundraiser's balance and every withdrawal, newest first: its people and reviewers. */
export async function listWithdrawals(db: DbOrTx, user: Actor, fundraiserId: number): Promise<{ balance: WithdrawalBalance; withdrawals: WithdrawalView[] }> {
  if (!(await can(db, user, 'fundraiser.manage', { kind: 'fundraiser', id: fundraiserId })) && !(await isReviewer(db, user))) throw notFound('Fundraiser not found');
  const rows = await db.select().from(withdrawals).where(eq(withdrawals.fundraiser_id, fundraiserId)).orderBy(desc(withdrawals.created_at), desc(withdrawals.id));
  return { balance: await balanceOf(db, fundraiserId), withdrawals: rows.map(viewOf) };
}

export interface WithdrawalSubmission extends WithdrawalRequestInput {
  document: { name: string; bytes: Uint8Array };
}

const documentError = (message: string) => new ApiError('validation_failed', message, { document: message });

/** The multipart request: `purpose`, `amount` and the bill as the file `document`, read with the upload cap. */
export async function withdrawalForm(request: Request): Promise<WithdrawalSubmission> {
  const body = await readBodyCapped(request, IMAGE_MAX_BYTES + MULTIPART_OVERHEAD_BYTES, () => documentError(UPLOAD_MESSAGES.size));
  let form: FormData;
  try {
    form = await new Response(body, { headers: { 'content-type': request.headers.get('content-type') ?? '' } }).formData();
  } catch {
    throw new ApiError('bad_request', 'Please send the withdrawal as multipart/form-data with purpose, amount and the document file');
  }
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : undefined;
  };
  const fields = parseWith(WithdrawalRequestSchema, { purpose: text('purpose'), amount: text('amount'), from_foreign: text('from_foreign') });
  const file = form.get('document');
  if (!file || typeof file === 'string') throw documentError(WITHDRAWAL_MESSAGES.document);
  return { ...fields, document: { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) } };
}

function aboveBalance(availableMinor: number, currency: string): ApiError {
  const message = WITHDRAWAL_MESSAGES.aboveBalance(formatMoney(availableMinor, currency, 'en', { exact: true }));
  return new ApiError('conflict', message, { amount: message });
}

/**
 * Asks for a withdrawal. Who, the account and the upload limit are checked before the body is read; the balance is
 * decided under the fundraiser's row lock, so requests made at once never add up to more than is available.
 */
export async function requestWithdrawal(db: Db, user: Actor, fundraiserId: number, read: () => Promise<WithdrawalSubmission>): Promise<WithdrawalView> {
  await assertManages(db, user, fundraiserId);
  await assertNotSupporting(db, fundraiserId);
  const payTo = async (tx: DbOrTx, foreign: boolean) => {
    if (!foreign) return payoutAccountRow(tx, fundraiserId);
    const fcra = await fcraOf(tx, fundraiserId);
    return fcra ? fcraAccountOf(fcra) : null;
  };
  const noAccount = (foreign: boolean) => conflict(foreign ? WITHDRAWAL_MESSAGES.noFcraAccount : WITHDRAWAL_MESSAGES.noAccount);
  if (!(await payoutAccountRow(db, fundraiserId))) throw conflict(WITHDRAWAL_MESSAGES.noAccount);
  const limit = await hitRateLimit(db, `upload:user:${user.id}`, { max: UPLOADS_PER_HOUR, windowMs: UPLOADS_WINDOW_MS });
  if (!limit.allowed) throw rateLimited(WITHDRAWAL_MESSAGES.uploads);
  const input = await read();
  const amountMinor = toMinor(input.amount);
  const foreign = input.from_foreign === '1';
  if (foreign && !(await payTo(db, true))) throw noAccount(true);
  // a first look before the picture is decoded and stored; the locked look below decides
  const [before] = await db.select({ id: fundraisers.id, raised_minor: fundraisers.raised_minor, currency: fundraisers.currency }).from(fundraisers).where(eq(fundraisers.id, fundraiserId));
  const early = await balanceMinor(db, before, foreign);
  if (amountMinor > early.available) throw aboveBalance(early.available, before.currency);

  const image = await processImageUpload(input.document, 'document', user.id).catch((e: unknown) => {
    throw e instanceof ApiError && e.fields?.file ? documentError(e.fields.file) : e;
  });
  try {
    const row = await db.transaction(async (tx) => {
      const [f] = await tx.select({ id: fundraisers.id, raised_minor: fundraisers.raised_minor, currency: fundraisers.currency }).from(fundraisers).where(eq(fundraisers.id, fundraiserId)).for('update');
      if (!f) throw notFound('Fundraiser not found');
      await assertManages(tx, user, fundraiserId);
      const account = await payTo(tx, foreign);
      if (!account) throw noAccount(foreign);
      const { available } = await balanceMinor(tx, f, foreign);
      if (amountMinor > available) throw aboveBalance(available, f.currency);
      const [inserted] = await tx
        .insert(withdrawals)
        .values({
          fundraiser_id: fundraiserId,
          requested_by: user.id,
          amount_minor: amountMinor,
          currency: f.currency,
          purpose: input.purpose,
          document_upload_id: image.id,
          account_holder_name: account.account_holder_name,
          account_number: account.account_number,
          ifsc_code: account.ifsc_code,
          foreign_contribution: foreign,
        })
        .returning();
      return inserted;
    });
    return viewOf(row);
  } catch (e) {
    // refused after the bill was stored: its files are nobody's
    await deleteImageUpload(image.id).catch(() => {});
    throw e;
  }
}

/** The reviewers' queue, oldest first: waiting for a decision, then approved and waiting to be paid (or one status). */
export async function withdrawalQueue(db: DbOrTx, reviewer: Actor, status?: WithdrawalStatus): Promise<QueuedWithdrawal[]> {
  if (!(await isReviewer(db, reviewer))) throw notFound();
  const rows = await db
    .select({ w: withdrawals, title: fundraisers.title, custom_tag: fundraisers.custom_tag, raised_minor: fundraisers.raised_minor, requester: users.full_name })
    .from(withdrawals)
    .innerJoin(fundraisers, eq(fundraisers.id, withdrawals.fundraiser_id))
    .innerJoin(users, eq(users.id, withdrawals.requested_by))
    .where(inArray(withdrawals.status, status ? [status] : ['requested', 'approved']))
    .orderBy(asc(withdrawals.created_at), asc(withdrawals.id))
    .limit(WITHDRAWAL_QUEUE_MAX);
  return rows.map((r) => ({
    ...viewOf(r.w),
    fundraiser: { id: r.w.fundraiser_id, title: r.title, custom_tag: r.custom_tag, raised: toMajor(r.raised_minor), currency: r.w.currency },
    requested_by: { id: r.w.requested_by, full_name: r.requester },
  }));
}

/** A reviewer approves or rejects a requested withdrawal, or marks an approved one paid. */
export async function decideWithdrawal(db: Db, reviewer: Actor, withdrawalId: number, decision: WithdrawalDecision): Promise<WithdrawalView> {
  const { row, fundraiserId } = await db.transaction(async (tx) => {
    if (!(await isReviewer(tx, reviewer))) throw notFound(WITHDRAWAL_MESSAGES.notFound);
    const [found] = await tx.select({ fundraiser_id: withdrawals.fundraiser_id }).from(withdrawals).where(eq(withdrawals.id, withdrawalId));
    if (!found) throw notFound(WITHDRAWAL_MESSAGES.notFound);
    // the fundraiser's row first, as a request takes it: the two never wait on each other in opposite order
    const [f] = await tx
      .select({ id: fundraisers.id, title: fundraisers.title, raised_minor: fundraisers.raised_minor, campaigner_id: fundraisers.campaigner_id })
      .from(fundraisers)
      .where(eq(fundraisers.id, found.fundraiser_id))
      .for('update');
    const [w] = await tx.select().from(withdrawals).where(eq(withdrawals.id, withdrawalId)).for('update');
    if (await can(tx, reviewer, 'fundraiser.manage', { kind: 'fundraiser', id: f.id })) throw conflict(WITHDRAWAL_MESSAGES.ownFundraiser);
    const now = new Date();
    let changes: Partial<WithdrawalRow>;
    if (decision.decision === 'paid') {
      if (w.status !== 'approved') throw conflict(WITHDRAWAL_MESSAGES.notApproved);
      changes = { status: 'paid', paid_by: reviewer.id, paid_at: now, paid_reference: decision.reference };
    } else {
      if (w.status !== 'requested') throw conflict(WITHDRAWAL_MESSAGES.decided);
      if (decision.decision === 'approve') {
        // refunds since the request may have lowered what was raised: what leaves never exceeds what came in
        const { raised, withdrawn } = await balanceMinor(tx, f, w.foreign_contribution);
        if (withdrawn + w.amount_minor > raised) throw conflict(WITHDRAWAL_MESSAGES.overRaised);
        changes = { status: 'approved', reviewed_by: reviewer.id, reviewed_at: now, review_reason: null };
        await recordWithdrawal(tx, w);
      } else {
        changes = { status: 'rejected', reviewed_by: reviewer.id, reviewed_at: now, review_reason: decision.reason };
      }
    }
    const [updated] = await tx.update(withdrawals).set({ ...changes, updated_at: now }).where(eq(withdrawals.id, withdrawalId)).returning();
    await tellCampaigner(tx, f, updated);
    // the story's "How funds are used" changes: every server expires it at commit
    if (decision.decision !== 'reject') await announceFundraisersChanged(tx, [f.id]);
    return { row: updated, fundraiserId: f.id };
  });
  if (decision.decision !== 'reject') await invalidateFundraiser(fundraiserId);
  return viewOf(row);
}

async function tellCampaigner(tx: DbOrTx, f: { id: number; title: string; campaigner_id: number }, w: WithdrawalRow): Promise<void> {
  const [owner] = await tx.select({ email: users.email, full_name: users.full_name, is_dummy_email: users.is_dummy_email }).from(users).where(eq(users.id, f.campaigner_id));
  if (!owner || owner.is_dummy_email || (w.status !== 'approved' && w.status !== 'rejected' && w.status !== 'paid')) return;
  // from the template set; a campaigner's language is not kept, so the site's default
  const origin = mainSiteOrigin(siteConfig());
  await enqueueMessage(
    tx,
    await withdrawalOutcomeEmail({
      email: owner.email,
      name: owner.full_name,
      fundraiserTitle: f.title,
      fundraiserId: f.id,
      status: w.status,
      amountMinor: w.amount_minor,
      currency: w.currency,
      purpose: w.purpose,
      accountDigits: lastDigits(w.account_number),
      reason: w.review_reason,
      reference: w.paid_reference,
      origin,
      brand: await emailBrand(tx, origin),
    }),
  );
}

/**
 * The bill of a withdrawal: its fundraiser's people and reviewers see any; a donor of the fundraiser (a signed-in user
 * with a successful order for it) sees those of approved and paid withdrawals. Anyone else is told it does not exist.
 */
export async function withdrawalDocument(db: DbOrTx, user: Actor | null, fundraiserId: number, withdrawalId: number): Promise<{ bytes: Uint8Array; contentType: string }> {
  const [w] = await db
    .select({ status: withdrawals.status, document_upload_id: withdrawals.document_upload_id })
    .from(withdrawals)
    .where(and(eq(withdrawals.id, withdrawalId), eq(withdrawals.fundraiser_id, fundraiserId)));
  if (!w || !user) throw notFound(WITHDRAWAL_MESSAGES.notFound);
  const allowed =
    (await can(db, user, 'fundraiser.manage', { kind: 'fundraiser', id: fundraiserId })) ||
    (await isReviewer(db, user)) ||
    ((APPROVED as readonly string[]).includes(w.status) && (await hasSupported(db, fundraiserId, user.id)));
  const stored = allowed ? await readImageUpload(w.document_upload_id, 'story') : null;
  if (!stored) throw notFound(WITHDRAWAL_MESSAGES.notFound);
  return stored;
}
