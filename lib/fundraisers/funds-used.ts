// The story's "How funds are used": approved and paid withdrawals, public and cached with the story. Their
// bills are not here: the page links to the document route, which decides who asks (lib/fundraisers/withdrawals.ts).
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { withdrawals } from '../db/schema';
import { APPROVED_WITHDRAWAL_STATUSES } from '../constants/withdrawals';

export const withdrawalDocumentPath = (fundraiserId: number, withdrawalId: number) => `/api/campaigns/${fundraiserId}/withdrawals/${withdrawalId}/document`;

/** What the story shows of one approved withdrawal: public, cached with the story. */
export interface StoryWithdrawal {
  id: number;
  amount_minor: number;
  currency: string;
  purpose: string;
  status: 'approved' | 'paid';
  approved_at: string;
  paid_at: string | null;
  /** the bill, for the fundraiser's donors and people only (the route checks who asks) */
  document_url: string;
}

/** The story's "How funds are used": approved and paid withdrawals, the latest first. Public: no account, no bill. */
export async function storyWithdrawals(db: DbOrTx, fundraiserId: number): Promise<StoryWithdrawal[]> {
  const rows = await db
    .select({ id: withdrawals.id, amount_minor: withdrawals.amount_minor, currency: withdrawals.currency, purpose: withdrawals.purpose, status: withdrawals.status, reviewed_at: withdrawals.reviewed_at, paid_at: withdrawals.paid_at })
    .from(withdrawals)
    .where(and(eq(withdrawals.fundraiser_id, fundraiserId), inArray(withdrawals.status, [...APPROVED_WITHDRAWAL_STATUSES])))
    .orderBy(desc(withdrawals.reviewed_at), desc(withdrawals.id));
  return rows.map((r) => ({
    id: r.id,
    amount_minor: r.amount_minor,
    currency: r.currency,
    purpose: r.purpose,
    status: r.status as StoryWithdrawal['status'],
    approved_at: new Date(r.reviewed_at!).toISOString(),
    paid_at: r.paid_at ? new Date(r.paid_at).toISOString() : null,
    document_url: withdrawalDocumentPath(fundraiserId, r.id),
  }));
}
