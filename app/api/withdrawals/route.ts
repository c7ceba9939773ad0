import { json } from '@/lib/http/respond';
import { WithdrawalQueueQuerySchema } from '@/lib/validation/withdrawals';
import { withdrawalQueue } from '@/lib/fundraisers/withdrawals';
import { route, CACHE } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// the reviewers' queue, oldest first (?status= for one status; 404 to everyone but reviewers)
export const GET = route({ who: 'user', query: WithdrawalQueueQuerySchema, cache: CACHE.private }, async ({ db, query: { status }, user }) => {
  return json({ data: await withdrawalQueue(db, user, status) });
});
