import { z } from 'zod';
import { json } from '@/lib/http/respond';
import { WithdrawalDecisionSchema, WithdrawalIdSchema } from '@/lib/validation/withdrawals';
import { decideWithdrawal } from '@/lib/fundraisers/withdrawals';
import { route, CACHE } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// a reviewer approves or rejects (with a reason) a requested withdrawal, or marks an approved one paid
export const POST = route({ who: 'user', params: z.object({ wid: WithdrawalIdSchema }), body: WithdrawalDecisionSchema, cache: CACHE.private }, async ({ db, user, body: decision, params: { wid } }) => {
  return json({ data: await decideWithdrawal(db, user, wid, decision) });
});
