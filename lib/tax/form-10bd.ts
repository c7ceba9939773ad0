// Form 10BD: the statement an 80G NGO files by 31 May for a financial year, and from which the tax portal issues each
// donor's Form 10BE. Its Part B is uploaded as CSV in the portal's template (FORM_10BD_COLUMNS): one row per donor and
// mode of receipt, the donor's gifts of the year (India time) added up, refunds netted. Only rupee gifts with an 80G
// receipt count; foreign contributions never do. A gift whose donor gave no PAN cannot be reported: it is listed apart,
// with a way to ask the donor for it.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { carts, entityDetails, orders, receipts, refunds, users } from '../db/schema';
import { toCsv } from '../content/csv';
import {
  CASH_PAYMENT_MODES,
  FORM_10BD_CASH_LIMIT_MINOR,
  FORM_10BD_COLUMNS,
  FORM_10BD_DONATION_TYPE,
  FORM_10BD_ID_CODE,
  FORM_10BD_MAX_ROWS_PER_FILE,
  FORM_10BD_MODE,
  FORM_10BD_SECTION_CODE_80G,
  PAN_PATTERN,
  TAX_RECEIPT_CURRENCY,
} from '../constants/tax';
import { toMajor } from '../money';

type Form10bdMode = (typeof FORM_10BD_MODE)[keyof typeof FORM_10BD_MODE];

export interface Form10bdRow {
  idCode: number;
  /** the donor's PAN */
  identification: string;
  name: string;
  address: string;
  mode: Form10bdMode;
  /** the year's gifts of this donor by this mode, refunds taken off (paise) */
  amountMinor: number;
  gifts: number;
  /** a cash gift above ₹2,000 earns no 80G deduction: the NGO should look at it before filing */
  cashAboveLimit: boolean;
}

export interface UnreportableGift {
  orderId: string;
  receiptNumber: string;
  name: string;
  email: string | null;
  amountMinor: number;
  settledAt: Date;
  /** a gift with a cart can be given a PAN from its receipt page; a SIP month's donor adds it to their account */
  canAddPan: boolean;
}

export interface Form10bdStatement {
  financialYear: string;
  rows: Form10bdRow[];
  unreportable: UnreportableGift[];
  urn: string | null;
  /** the day the URN was issued, YYYY-MM-DD */
  urnIssuedOn: string | null;
}

/** How a stored payment mode is reported: every online method is electronic; cash is cash. */
export const form10bdModeOf = (paymentMode: string): Form10bdMode => (CASH_PAYMENT_MODES.includes(paymentMode) ? FORM_10BD_MODE.cash : FORM_10BD_MODE.electronic);

// rupees as the template's number column takes them: whole rupees bare, paise to two places
const rupees = (minor: number) => (minor % 100 === 0 ? String(toMajor(minor)) : toMajor(minor).toFixed(2));

const oneLine = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

/** The NGO's statement for a financial year ('2026-27'): the rows to file and the gifts that cannot be reported yet. */
export async function form10bdStatement(db: DbOrTx, entityId: number, financialYear: string): Promise<Form10bdStatement> {
  const [ngo] = await db.select({ urn: entityDetails.registration_80g, urnIssuedOn: entityDetails.registration_80g_issued_on }).from(entityDetails).where(eq(entityDetails.id, entityId));
  const refunded = sql<number>`coalesce((select sum(${refunds.amount_minor}) from ${refunds} where ${refunds.order_id} = ${orders.id} and ${refunds.status} = 'processed'), 0)`.mapWith(Number);
  const gifts = await db
    .select({
      orderId: orders.order_id,
      receiptNumber: receipts.number,
      serial: receipts.serial,
      mode: orders.payment_mode,
      donated: orders.donated_amount_minor,
      tip: orders.tip_amount_minor,
      refunded,
      settledAt: orders.settled_at,
      cartId: carts.id,
      cartName: carts.donor_name,
      cartEmail: carts.donor_email,
      cartPan: carts.donor_pan,
      cartAddress: sql<string | null>`nullif(concat_ws(', ', nullif(btrim(${carts.donor_address}), ''), nullif(btrim(${carts.donor_city}), ''), nullif(btrim(${carts.donor_pincode}), '')), '')`,
      userName: users.full_name,
      userEmail: users.email,
      userPan: users.pan_number,
      userAddress: sql<string | null>`nullif(concat_ws(', ', nullif(btrim(${users.address_1}), ''), nullif(btrim(${users.pincode}), '')), '')`,
    })
    .from(receipts)
    .innerJoin(orders, eq(orders.id, receipts.order_id))
    .leftJoin(carts, eq(carts.id, orders.cart_id))
    .leftJoin(users, eq(users.id, orders.user_id))
    .where(
      and(
        eq(receipts.entity_details_id, entityId),
        eq(receipts.financial_year, financialYear),
        eq(orders.iso_currency, TAX_RECEIPT_CURRENCY),
        eq(orders.foreign_contribution, false),
        inArray(orders.status, ['success', 'refunded']),
      ),
    )
    .orderBy(receipts.serial);

  const byDonor = new Map<string, Form10bdRow>();
  const unreportable: UnreportableGift[] = [];
  for (const g of gifts) {
    // a refund gives back the tip last: what the NGO kept of the gift is what is reported
    const kept = g.donated - Math.max(0, g.refunded - g.tip);
    if (kept <= 0) continue;
    const name = oneLine(g.cartId ? g.cartName : g.userName);
    const pan = (g.cartId ? g.cartPan : g.userPan)?.toUpperCase() ?? null;
    if (!pan || !PAN_PATTERN.test(pan)) {
      unreportable.push({ orderId: g.orderId, receiptNumber: g.receiptNumber, name, email: g.cartId ? g.cartEmail : g.userEmail, amountMinor: kept, settledAt: g.settledAt!, canAddPan: Boolean(g.cartId) });
      continue;
    }
    const mode = form10bdModeOf(g.mode);
    const key = `${pan}\n${mode}`;
    const address = oneLine(g.cartId ? g.cartAddress : g.userAddress);
    const row = byDonor.get(key);
    const cashAboveLimit = mode === FORM_10BD_MODE.cash && kept > FORM_10BD_CASH_LIMIT_MINOR;
    if (row) {
      row.amountMinor += kept;
      row.gifts += 1;
      row.cashAboveLimit ||= cashAboveLimit;
      // the latest gift's name and address are the donor's as they last gave them
      if (name) row.name = name;
      if (address) row.address = address;
    } else {
      byDonor.set(key, { idCode: FORM_10BD_ID_CODE.pan, identification: pan, name, address, mode, amountMinor: kept, gifts: 1, cashAboveLimit });
    }
  }
  return { financialYear, rows: [...byDonor.values()], unreportable, urn: ngo?.urn ?? null, urnIssuedOn: ngo?.urnIssuedOn ?? null };
}

/** A day as the portal's templates write one: DD/MM/YYYY. */
const portalDate = (day: string) => day.split('-').reverse().join('/');

/** How many files the statement's rows fill (the portal takes at most FORM_10BD_MAX_ROWS_PER_FILE rows in one). */
export const form10bdParts = (statement: Form10bdStatement) => Math.max(1, Math.ceil(statement.rows.length / FORM_10BD_MAX_ROWS_PER_FILE));

/** One file (part 1, 2, …) of the statement as the portal's CSV template; its serial numbers start at 1. */
export function form10bdCsv(statement: Form10bdStatement, part = 1, rowsPerFile = FORM_10BD_MAX_ROWS_PER_FILE): string {
  const rows = statement.rows.slice((part - 1) * rowsPerFile, part * rowsPerFile);
  return toCsv([
    FORM_10BD_COLUMNS,
    ...rows.map((r, i) => [
      i + 1,
      '',
      r.idCode,
      r.identification,
      FORM_10BD_SECTION_CODE_80G,
      statement.urn ?? '',
      // the day the URN was issued, as the NGO entered it (blank until it does)
      statement.urnIssuedOn ? portalDate(statement.urnIssuedOn) : '',
      r.name,
      r.address,
      FORM_10BD_DONATION_TYPE.others,
      r.mode,
      rupees(r.amountMinor),
    ]),
  ]);
}

/** The file name a part downloads under: form-10bd-2026-27-part-1.csv. */
export const form10bdFileName = (financialYear: string, part: number) => `form-10bd-${financialYear}-part-${part}.csv`;
