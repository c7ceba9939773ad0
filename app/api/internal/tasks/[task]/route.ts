import { timingSafeEqual } from 'node:crypto';
import { handle, json } from '@/lib/http/respond';
import { notFound } from '@/lib/http/errors';
import { reconcileIfDue } from '@/lib/payments/reconcile-schedule';
import { INTERNAL_TASK_HEADER, INTERNAL_TASK_TOKEN_ENV } from '@/lib/constants';

export const dynamic = 'force-dynamic';

const TASKS: Record<string, () => Promise<boolean>> = { reconcile: reconcileIfDue };

const sameToken = (given: string, expected: string) => given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));

// The server's own timer (scripts/server.ts) runs scheduled tasks here, inside Next, with a token only this process knows
export const POST = handle(async (request, { params }: { params: Promise<{ task: string }> }) => {
  const expected = process.env[INTERNAL_TASK_TOKEN_ENV];
  const run = TASKS[(await params).task];
  if (!expected || !run || !sameToken(request.headers.get(INTERNAL_TASK_HEADER) ?? '', expected)) throw notFound();
  return json({ data: { ran: await run() } });
});
