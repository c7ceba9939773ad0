// What shows a medical fundraiser is real. A hospital the list lacks is entered by name and city,
// kept out of every public list until a reviewer confirms it; the medical estimate and the beneficiary's ID are kept
// private (served to reviewers only), and a reviewer marks them checked before approving: the story then says so.
import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { fundraiserDocuments, fundraisers, hospitals } from '../db/schema';
import { PROOF_DOCUMENT_KINDS, type ProofDocumentKind } from '../constants/fundraisers';
import { UPLOADS_PER_HOUR, UPLOADS_WINDOW_MS } from '../constants/security/limits';
import { ApiError, conflict, notFound, rateLimited } from '../http/errors';
import { hitRateLimit } from '../security/rate-limit';
import { can } from '../permissions/can';
import { deleteImageUpload, processImageUpload, readImageUpload } from '../media/uploads';
import { changeableFundraiser } from './changeable';
import { fundraiserStage } from './status';

export const PROOF_MESSAGES = {
  hospital: 'Please choose a hospital from the list',
  newHospitalName: 'Please enter the hospital’s name',
  newHospitalCity: 'Please enter the hospital’s city',
  medical_estimate: 'Please add the hospital’s medical estimate',
  beneficiary_id: 'Please add the beneficiary’s ID',
  uploads: 'Too many uploads, please try again in a while',
  hospitalUnconfirmed: 'Please confirm the hospital before approving',
  documentsUnchecked: 'Please check the documents before approving',
  documentsMissing: 'The medical estimate and the beneficiary’s ID are both needed before they can be checked',
  noNewHospital: 'This fundraiser names no hospital waiting to be confirmed',
  notFound: 'Document not found',
} as const;

export interface HospitalChoice {
  id: number;
  name: string;
  city: string;
}

/**
 * The hospital a wizard step names: one from the list (confirmed, or the unconfirmed one this user entered or this
 * draft already names), or a new one by name and city (the same name and city reuse one row, not yet public).
 */
export async function resolveHospital(
  db: DbOrTx,
  actorId: number,
  given: { hospital_id?: number; new_hospital_name?: string; new_hospital_city?: string },
  current: number | null,
): Promise<HospitalChoice | null> {
  if (given.new_hospital_name !== undefined || given.new_hospital_city !== undefined) {
    const name = given.new_hospital_name?.trim();
    const city = given.new_hospital_city?.trim();
    if (!name) throw new ApiError('validation_failed', PROOF_MESSAGES.newHospitalName, { new_hospital_name: PROOF_MESSAGES.newHospitalName });
    if (!city) throw new ApiError('validation_failed', PROOF_MESSAGES.newHospitalCity, { new_hospital_city: PROOF_MESSAGES.newHospitalCity });
    const [found] = await db.select({ id: hospitals.id, name: hospitals.name, city: hospitals.city }).from(hospitals).where(and(eq(hospitals.name, name), eq(hospitals.city, city)));
    if (found) return found;
    const [made] = await db
      .insert(hospitals)
      .values({ name, city, state: '', confirmed: false, suggested_by: actorId })
      .onConflictDoNothing()
      .returning({ id: hospitals.id, name: hospitals.name, city: hospitals.city });
    if (made) return made;
    // entered at the same moment by someone else
    const [again] = await db.select({ id: hospitals.id, name: hospitals.name, city: hospitals.city }).from(hospitals).where(and(eq(hospitals.name, name), eq(hospitals.city, city)));
    return again;
  }
  if (given.hospital_id === undefined) return null;
  const [h] = await db.select({ id: hospitals.id, name: hospitals.name, city: hospitals.city, confirmed: hospitals.confirmed, suggested_by: hospitals.suggested_by }).from(hospitals).where(eq(hospitals.id, given.hospital_id));
  // someone else's unconfirmed hospital is as unknown as one that does not exist
  if (!h || (!h.confirmed && h.suggested_by !== actorId && h.id !== current)) throw new ApiError('validation_failed', PROOF_MESSAGES.hospital, { hospital_id: PROOF_MESSAGES.hospital });
  return { id: h.id, name: h.name, city: h.city };
}

export interface ProofDocumentView {
  id: number;
  kind: ProofDocumentKind;
  uploaded_at: string;
}

/** A fundraiser's documents, without any address: their people see that they are there, reviewers open them by id. */
export async function proofDocumentsOf(db: DbOrTx, fundraiserId: number): Promise<ProofDocumentView[]> {
  const rows = await db.select({ id: fundraiserDocuments.id, kind: fundraiserDocuments.kind, created_at: fundraiserDocuments.created_at }).from(fundraiserDocuments).where(eq(fundraiserDocuments.fundraiser_id, fundraiserId)).orderBy(fundraiserDocuments.kind);
  return rows.map((r) => ({ id: r.id, kind: r.kind, uploaded_at: r.created_at.toISOString() }));
}

/**
 * Stores a document on a draft (a new one of the same kind replaces the old, row and file). Who and how often are
 * checked before the bytes are read; a document changed after checking must be checked again.
 */
export async function addProofDocument(db: Db, user: { id: number }, fundraiserId: number, kind: ProofDocumentKind, readFile: () => Promise<{ name: string; bytes: Uint8Array }>): Promise<ProofDocumentView> {
  const f = await changeableFundraiser(db, user, fundraiserId);
  if (fundraiserStage(f) === 'running') throw conflict('Documents are sent with the fundraiser for review');
  const limit = await hitRateLimit(db, `upload:user:${user.id}`, { max: UPLOADS_PER_HOUR, windowMs: UPLOADS_WINDOW_MS });
  if (!limit.allowed) throw rateLimited(PROOF_MESSAGES.uploads);
  const image = await processImageUpload(await readFile(), 'proof', user.id);
  let replaced: string[] = [];
  try {
    const row = await db.transaction(async (tx) => {
      await changeableFundraiser(tx, user, fundraiserId);
      const old = await tx.delete(fundraiserDocuments).where(and(eq(fundraiserDocuments.fundraiser_id, fundraiserId), eq(fundraiserDocuments.kind, kind))).returning({ upload_id: fundraiserDocuments.upload_id });
      replaced = old.map((o) => o.upload_id);
      const [inserted] = await tx.insert(fundraiserDocuments).values({ fundraiser_id: fundraiserId, kind, upload_id: image.id, uploaded_by: user.id }).returning();
      await tx.update(fundraisers).set({ documents_checked_at: null, documents_checked_by: null, updated_at: new Date() }).where(eq(fundraisers.id, fundraiserId));
      return inserted;
    });
    await Promise.all(replaced.map((id) => deleteImageUpload(id).catch(() => {})));
    return { id: row.id, kind: row.kind, uploaded_at: row.created_at.toISOString() };
  } catch (e) {
    await deleteImageUpload(image.id).catch(() => {});
    throw e;
  }
}

const isReviewer = (db: DbOrTx, user: { id: number }) => can(db, user, 'fundraiser.review', { kind: 'platform' });

/** A document's picture, for reviewers only: anyone else (its own campaigner too) is told it does not exist. */
export async function proofDocumentFile(db: DbOrTx, user: { id: number } | null, fundraiserId: number, documentId: number): Promise<{ bytes: Uint8Array; contentType: string }> {
  if (!user || !(await isReviewer(db, user))) throw notFound(PROOF_MESSAGES.notFound);
  const [d] = await db.select({ upload_id: fundraiserDocuments.upload_id }).from(fundraiserDocuments).where(and(eq(fundraiserDocuments.id, documentId), eq(fundraiserDocuments.fundraiser_id, fundraiserId)));
  const stored = d ? await readImageUpload(d.upload_id, 'private') : null;
  if (!stored) throw notFound(PROOF_MESSAGES.notFound);
  return stored;
}

/** A reviewer's word on the hospital a campaigner entered: from now on it is in the list for everyone. */
export async function confirmHospital(db: Db, reviewer: { id: number }, fundraiserId: number): Promise<HospitalChoice> {
  return db.transaction(async (tx) => {
    if (!(await isReviewer(tx, reviewer))) throw notFound('Draft not found');
    const [f] = await tx.select({ hospital_id: fundraisers.hospital_id }).from(fundraisers).where(eq(fundraisers.id, fundraiserId));
    if (!f) throw notFound('Draft not found');
    if (f.hospital_id === null) throw conflict(PROOF_MESSAGES.noNewHospital);
    const [h] = await tx
      .update(hospitals)
      .set({ confirmed: true, confirmed_by: reviewer.id, confirmed_at: new Date() })
      .where(eq(hospitals.id, f.hospital_id))
      .returning({ id: hospitals.id, name: hospitals.name, city: hospitals.city });
    return h;
  });
}

/** A reviewer has looked at both documents; a draft lacking one cannot be marked. */
export async function markDocumentsChecked(db: Db, reviewer: { id: number }, fundraiserId: number): Promise<{ documents_checked_at: string }> {
  return db.transaction(async (tx) => {
    if (!(await isReviewer(tx, reviewer))) throw notFound('Draft not found');
    const [f] = await tx.select({ id: fundraisers.id }).from(fundraisers).where(eq(fundraisers.id, fundraiserId)).for('update');
    if (!f) throw notFound('Draft not found');
    if (!(await can(tx, reviewer, 'fundraiser.review', { kind: 'fundraiser', id: fundraiserId }))) throw conflict('This fundraiser is not waiting for your review');
    const kinds = new Set((await proofDocumentsOf(tx, fundraiserId)).map((d) => d.kind));
    if (!PROOF_DOCUMENT_KINDS.every((k) => kinds.has(k))) throw conflict(PROOF_MESSAGES.documentsMissing);
    const now = new Date();
    await tx.update(fundraisers).set({ documents_checked_at: now, documents_checked_by: reviewer.id }).where(eq(fundraisers.id, fundraiserId));
    return { documents_checked_at: now.toISOString() };
  });
}

/** What a medical fundraiser still lacks before a reviewer may approve it (empty when nothing). */
export async function approvalBlockers(db: DbOrTx, f: { id: number; hospital_id: number | null; documents_checked_at: Date | null }): Promise<string[]> {
  const blockers: string[] = [];
  if (f.hospital_id !== null) {
    const [h] = await db.select({ confirmed: hospitals.confirmed }).from(hospitals).where(eq(hospitals.id, f.hospital_id));
    if (h && !h.confirmed) blockers.push(PROOF_MESSAGES.hospitalUnconfirmed);
  }
  if (!f.documents_checked_at) blockers.push(PROOF_MESSAGES.documentsUnchecked);
  return blockers;
}
