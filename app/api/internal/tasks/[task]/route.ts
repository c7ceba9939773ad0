import { timingSafeEqual } from 'node:crypto';
import { handle, json } from '@/lib/http/respond';
import { notFound } from '@/lib/http/errors';
import { reconcileNow } from '@/lib/payments/reconcile-schedule';
import { INTERNAL_TASK_HEADER, INTERNAL_TASK_TOKEN_ENV } from '@/lib/constants';

export const dynamic = 'force-dynamic';

// the job runner has already made sure one instance runs each pass
const TASKS: Record<string, () => Promise<unknown>> = { reconcile: reconcileNow };

const sameToken = (given: string, expected: string) => given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));

// The server's job runner (scripts/server.ts) runs jobs that must expire Next's caches here, inside Next, with a token only this process knows
export const POST = handle(async (request, { params }: { params: Promise<{ task: string }> }) => {
  const expected = process.env[INTERNAL_TASK_TOKEN_ENV];
  const run = TASKS[(await params).task];
  if (!expected || !run || !sameToken(request.headers.get(INTERNAL_TASK_HEADER) ?? '', expected)) throw notFound();
  await run();
  return json({ data: { ran: true } });
});
