// An NGO's FCRA registration, entered by its own people: it decides whether a foreign citizen may give to the NGO's
// fundraisers (lib/donations/fcra.ts) and where foreign contributions are paid out (lib/fundraisers/withdrawals.ts).
import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { entityDetails, fundraisers } from '../db/schema';
import { notFound } from '../http/errors';
import { assertManagesEntity } from '../permissions/can';
import { announceFundraisersChanged } from '../cache/bus';
import { invalidateFundraiser } from '../cache/invalidate';
import { lastDigits } from './withdrawals';
import type { FcraRegistrationInput } from '../validation/fcra';

export interface FcraRegistrationView {
  fcra_number: string | null;
  fcra_valid_until: string | null;
  account: { account_holder_name: string; account_number_last4: string; ifsc_code: string } | null;
}

const viewOf = (e: Pick<typeof entityDetails.$inferSelect, 'fcra_number' | 'fcra_valid_until' | 'fcra_account_holder' | 'fcra_account_number' | 'fcra_ifsc'>): FcraRegistrationView => ({
  fcra_number: e.fcra_number,
  fcra_valid_until: e.fcra_valid_until,
  account: e.fcra_account_holder && e.fcra_account_number && e.fcra_ifsc ? { account_holder_name: e.fcra_account_holder, account_number_last4: lastDigits(e.fcra_account_number), ifsc_code: e.fcra_ifsc } : null,
});

// the NGO's owner or one of its members (lib/permissions' entity.manage); anyone else, and an entity that is no NGO, 404
async function assertNgoPerson(db: DbOrTx, user: { id: number }, ngoId: number) {
  await assertManagesEntity(db, user, ngoId);
  const [e] = await db.select().from(entityDetails).where(and(eq(entityDetails.id, ngoId), eq(entityDetails.entity_type, 'ngo')));
  if (!e) throw notFound('NGO not found');
  return e;
}

export async function getFcraRegistration(db: DbOrTx, user: { id: number }, ngoId: number): Promise<FcraRegistrationView> {
  return viewOf(await assertNgoPerson(db, user, ngoId));
}

/** Sets (or removes) the registration; the NGO's stories show it, so every server expires them. */
export async function setFcraRegistration(db: DbOrTx, user: { id: number }, ngoId: number, input: FcraRegistrationInput): Promise<FcraRegistrationView> {
  await assertNgoPerson(db, user, ngoId);
  const values =
    input.fcra_number === null
      ? { fcra_number: null, fcra_valid_until: null, fcra_account_holder: null, fcra_account_number: null, fcra_ifsc: null }
      : { fcra_number: input.fcra_number, fcra_valid_until: input.fcra_valid_until, fcra_account_holder: input.fcra_account_holder, fcra_account_number: input.fcra_account_number, fcra_ifsc: input.fcra_ifsc };
  const [e] = await db.update(entityDetails).set(values).where(eq(entityDetails.id, ngoId)).returning();
  const ids = (await db.select({ id: fundraisers.id }).from(fundraisers).where(eq(fundraisers.entity_details_id, ngoId))).map((f) => f.id);
  if (ids.length) {
    await announceFundraisersChanged(db, ids);
    await Promise.all(ids.map((id) => invalidateFundraiser(id)));
  }
  return viewOf(e);
}
