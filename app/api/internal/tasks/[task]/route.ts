import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { json } from '@/lib/http/respond';
import { parseJsonBody } from '@/lib/http/validation';
import { notFound } from '@/lib/http/errors';
import { reconcileNow } from '@/lib/payments/reconcile-schedule';
import { getDb } from '@/lib/db/client';
import { runSipChargeDue } from '@/lib/sip/charge-due';
import { mainSiteOrigin } from '@/lib/whitelabel/site';
import { siteConfig } from '@/lib/whitelabel/resolve';
import { expireEverything, invalidateBrands, invalidateFundraiser } from '@/lib/cache/invalidate';
import { FundraiserIdSchema } from '@/lib/validation/fundraisers';
import { NOTIFIED_FUNDRAISERS_MAX } from '@/lib/constants/cache';
import { INTERNAL_TASK_HEADER, INTERNAL_TASK_TOKEN_ENV } from '@/lib/constants/server';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

const ExpireBody = z.union([
  z.object({ fundraisers: z.array(FundraiserIdSchema).min(1).max(NOTIFIED_FUNDRAISERS_MAX) }),
  z.object({ what: z.enum(['brands', 'everything']) }),
]);

const TASKS: Record<string, (request: Request) => Promise<unknown>> = {
  // the job runner has already made sure one instance runs each pass
  reconcile: () => reconcileNow(),
  // pre-debit notices, then the SIP months due; inside Next, so settled gifts expire their pages at once
  'sip-charge-due': async () => runSipChargeDue(await getDb(), { origin: mainSiteOrigin(siteConfig()) }),
  // another process committed a change to these fundraisers or to the brands (lib/cache/bus), or the bus was lost a
  // while: expire this instance's pages of them, or all
  expire: async (request) => {
    const body = await parseJsonBody(ExpireBody, request);
    if ('fundraisers' in body) for (const id of body.fundraisers) await invalidateFundraiser(id);
    else await (body.what === 'brands' ? invalidateBrands() : expireEverything());
  },
};

const sameToken = (given: string, expected: string) => given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));

// Our server (server/background.ts) runs its jobs here, inside Next, only when it cannot reach Next's tags map itself; a token only this process knows
export const POST = route({ who: 'anyone', crossSite: 'internalTask', database: false }, async ({ request, params }) => {
  const expected = process.env[INTERNAL_TASK_TOKEN_ENV];
  const run = TASKS[params.task];
  if (!expected || !run || !sameToken(request.headers.get(INTERNAL_TASK_HEADER) ?? '', expected)) throw notFound();
  const result = await run(request);
  return json({ data: { ran: true, ...(result && typeof result === 'object' ? { result } : {}) } });
});
