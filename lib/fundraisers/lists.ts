// spec 7: the lists the fundraiser wizard's pickers read (causes/20 and causes/49 with their filters, causes by
// NGO, NGOs, diseases, hospitals), in the spec's field names. Reference data: cached by browsers and proxies.
import { and, asc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { causes, diseases, entityDetails, eventCauses, fundraisers, hospitals } from '../db/schema';
import { CAUSE, MEDICAL_CAUSE_IDS_FOR_PERSONAL, REFERENCE_LIST_MAX } from '../constants/fundraisers';
import { PUBLISHED_FLAGS } from './status';

export interface CauseItem {
  id: number;
  info_1: string;
  parent_id: number | null;
  is_medical: boolean;
  slug: string;
}

/**
 * causes/{parent}: its children. `child=medical` keeps spec 9's medical causes a person may pick (the all-medical
 * list adds 160 for hospitals: `child=all_medical`); `filter=id;info_1` returns only those two fields.
 */
export async function childCauses(db: DbOrTx, parentId: number, child?: 'medical' | 'all_medical' | 'other'): Promise<CauseItem[]> {
  const where: SQL[] = [eq(causes.parent_id, parentId)];
  if (child === 'medical') where.push(inArray(causes.id, [...MEDICAL_CAUSE_IDS_FOR_PERSONAL]));
  if (child === 'all_medical') where.push(eq(causes.is_medical, true));
  if (child === 'other') where.push(eq(causes.is_medical, false));
  return db.select({ id: causes.id, info_1: causes.info_1, parent_id: causes.parent_id, is_medical: causes.is_medical, slug: causes.slug }).from(causes).where(and(...where)).orderBy(asc(causes.id));
}

/** Only the fields a `filter=id;info_1` asks for. */
export function pickFields<T extends object>(rows: T[], filter: string | undefined): Partial<T>[] {
  if (!filter) return rows;
  const keep = filter.split(';').map((f) => f.trim()).filter(Boolean);
  return rows.map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => keep.includes(k))) as Partial<T>);
}

const contains = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function diseaseList(db: DbOrTx, q?: string) {
  return db.select({ id: diseases.id, name: diseases.name }).from(diseases).where(q ? ilike(diseases.name, contains(q)) : undefined).orderBy(asc(diseases.name)).limit(REFERENCE_LIST_MAX);
}

export async function hospitalList(db: DbOrTx, q?: string) {
  // a hospital a campaigner entered is offered to no one else until a reviewer confirms it
  const where = and(eq(hospitals.confirmed, true), q ? or(ilike(hospitals.name, contains(q)), ilike(hospitals.city, contains(q))) : undefined);
  return db.select({ id: hospitals.id, name: hospitals.name, city: hospitals.city, state: hospitals.state }).from(hospitals).where(where).orderBy(asc(hospitals.name)).limit(REFERENCE_LIST_MAX);
}

/** NGOs (entities of type ngo), by name (spec 7's fname) and, with an event, only those taking part in it (event_id). */
export async function ngoList(db: DbOrTx, fname?: string, eventId?: number) {
  const inEvent = eventId ? inArray(entityDetails.id, db.select({ id: eventCauses.entity_details_id }).from(eventCauses).where(eq(eventCauses.event_id, eventId))) : undefined;
  const where = and(eq(entityDetails.entity_type, 'ngo'), fname ? ilike(entityDetails.name, contains(fname)) : undefined, inEvent);
  return db.select({ id: entityDetails.id, name: entityDetails.name, city: entityDetails.city, has_80g: entityDetails.has_80g }).from(entityDetails).where(where).orderBy(asc(entityDetails.name)).limit(REFERENCE_LIST_MAX);
}

/** Causes an NGO raises for: those of its published fundraisers, else every NGO cause. */
export async function causesOfNgo(db: DbOrTx, entityId: number): Promise<CauseItem[]> {
  const used = await db
    .selectDistinct({ id: causes.id, info_1: causes.info_1, parent_id: causes.parent_id, is_medical: causes.is_medical, slug: causes.slug })
    .from(fundraisers)
    .innerJoin(causes, eq(causes.id, fundraisers.cause_id))
    .where(and(eq(fundraisers.entity_details_id, entityId), inArray(fundraisers.status_flag, [...PUBLISHED_FLAGS])))
    .orderBy(asc(causes.id));
  return used.length ? used : childCauses(db, CAUSE.ngo);
}
