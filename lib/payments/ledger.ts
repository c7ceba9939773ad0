// What a charge credits and a refund takes back, account by account (ARCHITECTURE.md Payments: the ledger).
// Accounts: fundraiser:{id} (in the fundraiser's currency), cause:{sip cause} (a SIP month not yet given to
// fundraisers, in the charge's currency), platform:tips, insurance:{vendor} (premiums) and coupon:{code} (a
// sponsor's match: a fundraiser line of kind coupon, with no supporter: the gift counts once). An approved withdrawal is one negative `withdrawal` line on
// its fundraiser's account: what was raised (donation and refund lines) stays what donors gave.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client';
import { fundraisers, ledgerEntries, orders, refunds, withdrawals } from '../db/schema';
import { APPROVED_WITHDRAWAL_STATUSES } from '../constants/withdrawals';

export interface LedgerLine {
  account: string;
  kind: 'donation' | 'tip' | 'refund' | 'insurance' | 'coupon' | 'cover';
  /** positive for a credit, negative for a refund */
  amountMinor: number;
  currency: string;
  /** the fundraiser whose raised total moves with this line */
  fundraiserId: number | null;
  /** the change in the fundraiser's supporter count: +1 for a charge, -1 for a full refund */
  supporters: -1 | 0 | 1;
}

/** One line of a SIP month's split, fixed when the charge was placed (orders.params.lines). */
export interface ChargeLine {
  sip_cause?: string;
  fundraiser_id?: number;
  /** in the charge's currency */
  amount_minor: number;
  /** in the fundraiser's currency (fundraiser lines) */
  credited_minor?: number;
}

export const fundraiserAccount = (id: number) => `fundraiser:${id}`;
/** FCRA: an NGO's foreign contributions are held apart from its other gifts, and paid out only to its FCRA account */
export const foreignContributionAccount = (id: number) => `fundraiser:${id}:fcra`;
/** both accounts of a fundraiser, which together make what it raised */
export const fundraiserAccounts = (id: number) => [fundraiserAccount(id), foreignContributionAccount(id)];
export const causeAccount = (sipCause: string) => `cause:${sipCause}`;
export const TIPS_ACCOUNT = 'platform:tips';
export const insuranceAccount = (vendor: string) => `insurance:${vendor}`;

const accountFundraiser = (account: string) => (account.startsWith('fundraiser:') ? Number(account.split(':')[1]) : null);

type OrderRow = typeof orders.$inferSelect;

export async function chargeCredits(tx: Tx, order: OrderRow, fundraiserCurrency?: string): Promise<LedgerLine[]> {
  const lines: LedgerLine[] = [];
  if (order.kind === 'insurance') {
    // a premium is no gift: it goes to the insurer's account and moves no fundraiser
    const vendor = typeof order.params?.vendor === 'string' ? order.params.vendor : 'insurer';
    lines.push({ account: insuranceAccount(vendor), kind: 'insurance', amountMinor: order.donated_amount_minor, currency: order.iso_currency, fundraiserId: null, supporters: 0 });
  } else if (order.fundraiser_id) {
    // the caller may have read the fundraiser already (settlement reads it for the receipt)
    const currency = fundraiserCurrency ?? (await tx.select({ currency: fundraisers.currency }).from(fundraisers).where(eq(fundraisers.id, order.fundraiser_id)))[0].currency;
    const account = order.foreign_contribution ? foreignContributionAccount(order.fundraiser_id) : fundraiserAccount(order.fundraiser_id);
    lines.push({ account, kind: 'donation', amountMinor: order.credited_amount_minor, currency, fundraiserId: order.fundraiser_id, supporters: 1 });
  } else {
    for (const l of (order.params?.lines ?? []) as ChargeLine[]) {
      if (l.fundraiser_id) {
        const [f] = await tx.select({ currency: fundraisers.currency }).from(fundraisers).where(eq(fundraisers.id, l.fundraiser_id));
        lines.push({ account: fundraiserAccount(l.fundraiser_id), kind: 'donation', amountMinor: l.credited_minor ?? l.amount_minor, currency: f.currency, fundraiserId: l.fundraiser_id, supporters: 1 });
      } else if (l.sip_cause) {
        lines.push({ account: causeAccount(l.sip_cause), kind: 'donation', amountMinor: l.amount_minor, currency: order.iso_currency, fundraiserId: null, supporters: 0 });
      }
    }
  }
  if (order.tip_amount_minor > 0) lines.push({ account: TIPS_ACCOUNT, kind: 'tip', amountMinor: order.tip_amount_minor, currency: order.iso_currency, fundraiserId: null, supporters: 0 });
  return lines;
}

/**
 * What a refund of amountMinor (in the charge's currency) takes back from each account the charge credited.
 * The donation is refunded before the tip; the last refund takes back exactly what is left, so partial
 * refunds never leave a rounding remainder.
 */
export async function refundDebits(tx: Tx, order: OrderRow, r: { before: number; amountMinor: number }): Promise<LedgerLine[]> {
  const credited = await tx.select().from(ledgerEntries).where(eq(ledgerEntries.group_id, order.order_id));
  const earlierGroups = tx
    .select({ g: sql`'refund:' || ${refunds.refund_id}` })
    .from(refunds)
    .where(and(eq(refunds.order_id, order.id), eq(refunds.status, 'processed')));
  const back = await tx
    .select({ account: ledgerEntries.account, sum: sql<number>`sum(${ledgerEntries.amount_minor})`.mapWith(Number) })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.kind, 'refund'), inArray(ledgerEntries.group_id, earlierGroups)))
    .groupBy(ledgerEntries.account);
  const already = new Map(back.map((b) => [b.account, -b.sum]));
  const donated = order.donated_amount_minor;
  const full = r.before + r.amountMinor === donated + order.tip_amount_minor;
  const donationPart = Math.min(r.amountMinor, donated - Math.min(r.before, donated));
  const tipPart = r.amountMinor - donationPart;
  const lines: LedgerLine[] = [];
  // by account: a sponsor's coupon match sits on its fundraiser's account beside the gift and is taken back with it,
  // pro rata; one refund line per account, and the supporter leaves once (the match never added one)
  const accounts = new Map<string, { currency: string; credited: number; share: number; gift: boolean }>();
  for (const e of credited) {
    const a = accounts.get(e.account) ?? { currency: e.currency, credited: 0, share: 0, gift: false };
    a.credited += e.amount_minor;
    // a tip-only charge (nothing donated) has no donation share to divide
    a.share += e.kind === 'tip' ? tipPart : donated > 0 ? Math.round((e.amount_minor * donationPart) / donated) : 0;
    a.gift ||= e.kind === 'donation';
    accounts.set(e.account, a);
  }
  for (const [account, a] of accounts) {
    const left = a.credited - (already.get(account) ?? 0);
    const amount = Math.min(full ? left : a.share, left);
    if (amount <= 0) continue;
    const fundraiserId = accountFundraiser(account);
    lines.push({ account, kind: 'refund', amountMinor: -amount, currency: a.currency, fundraiserId, supporters: full && fundraiserId !== null && a.gift ? -1 : 0 });
  }
  return lines;
}

/** the platform's account that pays a refund's share a fundraiser no longer holds (it was paid out): recovered offline */
export const REFUND_COVER_ACCOUNT = 'platform:refund_cover';

/**
 * How much of a refund's fundraiser line would take its raised total below what its approved and paid withdrawals took
 * out (0 when none): that money has left, so finance decides, and a refund they release is covered by the platform.
 */
export async function shortfallAfterPayout(tx: DbOrTx, line: LedgerLine): Promise<number> {
  if (line.fundraiserId === null || line.amountMinor >= 0) return 0;
  const [f] = await tx.select({ raised: fundraisers.raised_minor }).from(fundraisers).where(eq(fundraisers.id, line.fundraiserId));
  const [{ paidOut }] = await tx
    .select({ paidOut: sql<number>`coalesce(sum(${withdrawals.amount_minor}), 0)`.mapWith(Number) })
    .from(withdrawals)
    .where(and(eq(withdrawals.fundraiser_id, line.fundraiserId), inArray(withdrawals.status, [...APPROVED_WITHDRAWAL_STATUSES])));
  return f ? Math.max(0, paidOut - (f.raised + line.amountMinor)) : 0;
}

/**
 * The refund's lines, with the platform covering any share a fundraiser already paid out: its raised total never falls
 * below its withdrawals (check:ledger), and the donor still gets the whole refund.
 */
export async function refundDebitsCovered(tx: Tx, order: OrderRow, r: { before: number; amountMinor: number }): Promise<LedgerLine[]> {
  const lines = await refundDebits(tx, order, r);
  const covers: LedgerLine[] = [];
  for (const line of lines) {
    const shortfall = await shortfallAfterPayout(tx, line);
    if (!shortfall) continue;
    covers.push({ account: line.account, kind: 'cover', amountMinor: shortfall, currency: line.currency, fundraiserId: line.fundraiserId, supporters: 0 });
    covers.push({ account: REFUND_COVER_ACCOUNT, kind: 'cover', amountMinor: -shortfall, currency: line.currency, fundraiserId: null, supporters: 0 });
  }
  return [...lines, ...covers];
}

export const withdrawalGroup = (withdrawalId: number) => `withdrawal:${withdrawalId}`;

/** An approved withdrawal leaves its fundraiser's account; raised_minor does not move (check:ledger holds both apart). */
export async function recordWithdrawal(tx: DbOrTx, w: Pick<typeof withdrawals.$inferSelect, 'id' | 'fundraiser_id' | 'amount_minor' | 'currency' | 'foreign_contribution'>): Promise<void> {
  const account = w.foreign_contribution ? foreignContributionAccount(w.fundraiser_id) : fundraiserAccount(w.fundraiser_id);
  await tx.insert(ledgerEntries).values({ group_id: withdrawalGroup(w.id), account, kind: 'withdrawal', amount_minor: -w.amount_minor, currency: w.currency });
}
