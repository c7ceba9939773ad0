// Withdrawals as a campaigner asks for them (requestWithdrawal, with a bill's photo) and a reviewer decides them.
import sharp from 'sharp';
import type { Db } from '@/lib/db/client';
import { decideWithdrawal, getPayoutAccount, requestWithdrawal, setPayoutAccount } from '@/lib/fundraisers/withdrawals';
import { makeReviewer } from './users';

/** A photo of a bill, as the withdrawal form uploads it. */
export const billFile = async () => ({ name: 'bill.png', bytes: new Uint8Array(await sharp({ create: { width: 300, height: 400, channels: 3, background: '#fafaf5' } }).png().toBuffer()) });

/** The fundraiser's payout account, added by one of its people. */
export const addPayoutAccount = (db: Db, user: { id: number }, fundraiserId: number) =>
  setPayoutAccount(db, user, fundraiserId, { account_holder_name: 'Meena Devi', account_number: '123456789012', account_number_confirm: '123456789012', ifsc_code: 'SBIN0001234' });

/**
 * A withdrawal of `rupees` asked for by `user` (the payout account added first when there is none), then approved and,
 * with `until: 'paid'`, marked paid by a reviewer; `until: 'requested'` leaves it waiting.
 */
export async function makeWithdrawal(db: Db, user: { id: number }, fundraiserId: number, rupees: number, o: { purpose?: string; fromForeign?: boolean; until?: 'requested' | 'approved' | 'paid' } = {}) {
  if (!o.fromForeign && !(await getPayoutAccount(db, user, fundraiserId))) await addPayoutAccount(db, user, fundraiserId);
  const document = await billFile();
  const w = await requestWithdrawal(db, user, fundraiserId, async () => ({ amount: rupees, purpose: o.purpose ?? 'Hospital bill for the first surgery', document, ...(o.fromForeign ? { from_foreign: '1' as const } : {}) }));
  const until = o.until ?? 'approved';
  if (until === 'requested') return w;
  const reviewer = await makeReviewer(db);
  const approved = await decideWithdrawal(db, reviewer, w.id, { decision: 'approve' });
  return until === 'paid' ? decideWithdrawal(db, reviewer, w.id, { decision: 'paid', reference: `UTR${w.id}` }) : approved;
}
