// Whether a fundraiser's people may change it now: shared by the wizard's drafts, their media and their proof documents.
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { fundraisers } from '../db/schema';
import { conflict, notFound } from '../http/errors';
import { can } from '../permissions/can';
import { fundraiserStage } from './status';

const CHANGEABLE_STAGES = ['draft', 'rejected', 'running'] as const;
const UNDER_REVIEW_MESSAGE = 'This fundraiser is under review: it can be changed once the review ends';

/**
 * A fundraiser its people may change now: a draft or one sent back (the wizard), or a live one (its
 * dashboard). Under review it waits for the reviewer; once ended it is a record.
 */
export async function changeableFundraiser(db: DbOrTx, user: { id: number }, id: number, opts: { lock?: boolean } = {}) {
  if (!(await can(db, user, 'fundraiser.manage', { kind: 'fundraiser', id }))) throw notFound('Draft not found');
  const query = db.select().from(fundraisers).where(eq(fundraisers.id, id));
  const [f] = opts.lock ? await query.for('update') : await query;
  const stage = fundraiserStage(f);
  if (stage === 'under_review') throw conflict(UNDER_REVIEW_MESSAGE);
  if (!(CHANGEABLE_STAGES as readonly string[]).includes(stage)) throw conflict('This fundraiser has ended and can no longer be changed');
  return f;
}
