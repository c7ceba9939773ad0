// Partner domains and sponsors' coupons, kept by admins on the desk. Each change is audited in its own transaction;
// a partner's brand is forgotten here at once and, through the database's announcement (migration 0026), on every server.
import { asc, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { coupons, whiteLabelDomains } from '../db/schema';
import { conflict, notFound } from '../http/errors';
import { invalidateBrands } from '../cache/invalidate';
import { normaliseCouponCode } from '../coupons/coupons';
import { toMinor } from '../money';
import type { CouponInput, PartnerInput } from '../validation/desk';
import { recordStaffAction, type DeskActor } from './audit';

export const PARTNER_MESSAGES = {
  hostTaken: 'Another partner already has this host',
  codeTaken: 'A coupon with this code already exists',
} as const;

type PartnerRow = typeof whiteLabelDomains.$inferSelect;
type CouponRow = typeof coupons.$inferSelect;

const partnerFacts = ({ created_at: _created, ...p }: PartnerRow) => p;

export const listPartners = (db: DbOrTx) => db.select().from(whiteLabelDomains).orderBy(asc(whiteLabelDomains.host));

async function hostFree(tx: DbOrTx, host: string, exceptId?: number) {
  const [other] = await tx.select({ id: whiteLabelDomains.id }).from(whiteLabelDomains).where(eq(whiteLabelDomains.host, host));
  if (other && other.id !== exceptId) throw conflict(PARTNER_MESSAGES.hostTaken);
}

/** Adds a partner domain (on unless said otherwise). */
export async function createPartner(db: Db, actor: DeskActor, input: PartnerInput): Promise<PartnerRow> {
  const row = await db.transaction(async (tx) => {
    await hostFree(tx, input.host);
    const [created] = await tx.insert(whiteLabelDomains).values(input).returning();
    await recordStaffAction(tx, actor, { action: 'partner.create', recordKind: 'partner', recordId: created.id, before: null, after: partnerFacts(created) });
    return created;
  });
  await invalidateBrands();
  return row;
}

/** Changes a partner domain, or switches it off (is_active false: its host is served as the main site). */
export async function updatePartner(db: Db, actor: DeskActor, id: number, input: PartnerInput): Promise<PartnerRow> {
  const row = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(whiteLabelDomains).where(eq(whiteLabelDomains.id, id)).for('update');
    if (!before) throw notFound('Partner not found');
    await hostFree(tx, input.host, id);
    const [after] = await tx.update(whiteLabelDomains).set(input).where(eq(whiteLabelDomains.id, id)).returning();
    await recordStaffAction(tx, actor, { action: 'partner.update', recordKind: 'partner', recordId: id, before: partnerFacts(before), after: partnerFacts(after) });
    return after;
  });
  await invalidateBrands();
  return row;
}

const couponFacts = ({ created_at: _created, ...c }: CouponRow) => c;

// the form's major units become the coupon's minor units; a share's cap and a fixed amount exclude each other
function couponValues(input: CouponInput) {
  const minor = (v: number | null | undefined) => (v == null ? null : toMinor(v));
  return {
    sponsor: input.sponsor,
    currency: input.currency,
    amount_minor: minor(input.amount),
    share_percent: input.amount != null ? null : (input.share_percent ?? null),
    max_match_minor: input.amount != null ? null : minor(input.max_match),
    budget_minor: minor(input.budget),
    max_uses: input.max_uses ?? null,
    max_uses_per_donor: input.max_uses_per_donor ?? null,
    max_uses_per_fundraiser: input.max_uses_per_fundraiser ?? null,
    valid_from: input.valid_from ?? null,
    valid_until: input.valid_until ?? null,
    is_active: input.is_active,
  };
}

export const listCoupons = (db: DbOrTx) => db.select().from(coupons).orderBy(asc(coupons.code));

export async function createCoupon(db: Db, actor: DeskActor, input: CouponInput): Promise<CouponRow> {
  return db.transaction(async (tx) => {
    const code = normaliseCouponCode(input.code);
    const [created] = await tx.insert(coupons).values({ code, ...couponValues(input) }).onConflictDoNothing().returning();
    if (!created) throw conflict(PARTNER_MESSAGES.codeTaken);
    await recordStaffAction(tx, actor, { action: 'coupon.create', recordKind: 'coupon', recordId: code, before: null, after: couponFacts(created) });
    return created;
  });
}

/** Changes a coupon's terms or switches it off; its code, uses and what it has spent stay. */
export async function updateCoupon(db: Db, actor: DeskActor, code: string, input: CouponInput): Promise<CouponRow> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(coupons).where(eq(coupons.code, normaliseCouponCode(code))).for('update');
    if (!before) throw notFound('Coupon not found');
    const [after] = await tx.update(coupons).set(couponValues(input)).where(eq(coupons.code, before.code)).returning();
    await recordStaffAction(tx, actor, { action: 'coupon.update', recordKind: 'coupon', recordId: before.code, before: couponFacts(before), after: couponFacts(after) });
    return after;
  });
}
