// Ending a fundraiser early: its campaigner, owner or manager closes it now. The end date becomes this
// moment, so every "ended" rule of status.ts (no Contribute, no new carts, out of running lists) follows from it.
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { fundraisers } from '../db/schema';
import { conflict, notFound } from '../http/errors';
import { assertManages } from '../permissions/can';
import { announceFundraisersChanged } from '../cache/bus';
import { invalidateFundraiser } from '../cache/invalidate';
import { END_MESSAGES } from '../validation/dashboard';
import { fundraiserStage, type FundraiserStage } from './status';

export interface EndedFundraiser {
  id: number;
  end_date: string;
  stage: FundraiserStage;
}

export async function endFundraiserEarly(db: Db, user: { id: number }, fundraiserId: number, now: Date = new Date()): Promise<EndedFundraiser> {
  const ended = await db.transaction(async (tx) => {
    // anyone else is told it does not exist, as on every other dashboard call
    await assertManages(tx, user, fundraiserId);
    // locked: a donation settling or an edit of the end date at the same moment waits for this decision
    const [f] = await tx.select({ status_flag: fundraisers.status_flag, end_date: fundraisers.end_date }).from(fundraisers).where(eq(fundraisers.id, fundraiserId)).for('update');
    if (!f) throw notFound('Fundraiser not found');
    if (fundraiserStage(f, now) !== 'running') throw conflict(END_MESSAGES.notRunning);
    const [row] = await tx.update(fundraisers).set({ end_date: now, updated_at: now }).where(eq(fundraisers.id, fundraiserId)).returning({ status_flag: fundraisers.status_flag, end_date: fundraisers.end_date });
    await announceFundraisersChanged(tx, [fundraiserId]);
    return { id: fundraiserId, end_date: row.end_date!.toISOString(), stage: fundraiserStage(row, now) };
  });
  // the story loses its Contribute button and the lists drop it: here at once, elsewhere at commit
  await invalidateFundraiser(fundraiserId);
  return ended;
}
