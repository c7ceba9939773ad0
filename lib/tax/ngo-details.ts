// The NGO's own details its 80G receipts print and its Form 10BD files: address, PAN, the 80G registration number (URN)
// and the last day it is valid. Entered by the NGO's own people; whether the NGO holds 80G at all stays the platform's
// word (has_80g), checked when it was onboarded.
import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { entityDetails, receipts } from '../db/schema';
import { notFound } from '../http/errors';
import { assertManagesEntity } from '../permissions/can';
import { financialYearOf } from '../india-time';
import type { z } from 'zod';
import type { NgoTaxDetailsSchema } from '../validation/tax';

export interface NgoTaxDetails {
  id: number;
  name: string;
  has_80g: boolean;
  address: string | null;
  city: string | null;
  pan_number: string | null;
  registration_80g: string | null;
  registration_80g_valid_until: string | null;
  registration_80g_issued_on: string | null;
}

/** The NGO's details for its own people (404 for anyone else, and for an entity that is no NGO). */
export async function ngoTaxDetails(db: DbOrTx, user: { id: number } | null, entityId: number): Promise<NgoTaxDetails> {
  await assertManagesEntity(db, user, entityId);
  const [ngo] = await db
    .select({ id: entityDetails.id, name: entityDetails.name, type: entityDetails.entity_type, has_80g: entityDetails.has_80g, address: entityDetails.address, city: entityDetails.city, pan_number: entityDetails.pan_number, registration_80g: entityDetails.registration_80g, registration_80g_valid_until: entityDetails.registration_80g_valid_until, registration_80g_issued_on: entityDetails.registration_80g_issued_on })
    .from(entityDetails)
    .where(eq(entityDetails.id, entityId));
  if (!ngo || ngo.type !== 'ngo') throw notFound('Organisation not found');
  const { type: _type, ...details } = ngo;
  return details;
}

/** Saves what the NGO entered (a blank field clears it); the same 404 for anyone but its own people. */
export async function saveNgoTaxDetails(db: DbOrTx, user: { id: number } | null, entityId: number, input: z.output<typeof NgoTaxDetailsSchema>): Promise<NgoTaxDetails> {
  await ngoTaxDetails(db, user, entityId);
  const set = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  if (Object.keys(set).length) await db.update(entityDetails).set(set).where(eq(entityDetails.id, entityId));
  return ngoTaxDetails(db, user, entityId);
}

/** The financial years an NGO has receipts in, newest first, with the current one always there. */
export async function receiptYears(db: DbOrTx, entityId: number, now = new Date()): Promise<string[]> {
  const rows = await db.selectDistinct({ fy: receipts.financial_year }).from(receipts).where(and(eq(receipts.entity_details_id, entityId))).orderBy(desc(receipts.financial_year));
  return [...new Set([financialYearOf(now), ...rows.map((r) => r.fy)])].sort().reverse();
}
