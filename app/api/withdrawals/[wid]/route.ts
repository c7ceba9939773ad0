import { z } from 'zod';
import { getDb } from '@/lib/db/client';
import { handle, json } from '@/lib/http/respond';
import { parseJsonBody, parseWith } from '@/lib/http/validation';
import { assertSameOrigin } from '@/lib/http/origin';
import { requireUser } from '@/lib/auth/session';
import { WithdrawalDecisionSchema, WithdrawalIdSchema } from '@/lib/validation/withdrawals';
import { decideWithdrawal } from '@/lib/fundraisers/withdrawals';

export const dynamic = 'force-dynamic';

// issue 13: a reviewer approves or rejects (with a reason) a requested withdrawal, or marks an approved one paid
export const POST = handle(async (request, { params }: { params: Promise<{ wid: string }> }) => {
  assertSameOrigin(request);
  const { wid } = parseWith(z.object({ wid: WithdrawalIdSchema }), await params);
  const db = await getDb();
  const user = await requireUser(db, request);
  const decision = await parseJsonBody(WithdrawalDecisionSchema, request);
  return json({ data: await decideWithdrawal(db, user, wid, decision) }, { headers: { 'Cache-Control': 'private, no-store' } });
});
