import { getDb } from '@/lib/db/client';
import { handle, json } from '@/lib/http/respond';
import { parseQuery } from '@/lib/http/validation';
import { requireUser } from '@/lib/auth/session';
import { WithdrawalQueueQuerySchema } from '@/lib/validation/withdrawals';
import { withdrawalQueue } from '@/lib/fundraisers/withdrawals';

export const dynamic = 'force-dynamic';

// issue 13: the reviewers' queue, oldest first (?status= for one status; 404 to everyone but reviewers)
export const GET = handle(async (request) => {
  const { status } = parseQuery(WithdrawalQueueQuerySchema, request.url);
  const db = await getDb();
  const user = await requireUser(db, request);
  return json({ data: await withdrawalQueue(db, user, status) }, { headers: { 'Cache-Control': 'private, no-store' } });
});
