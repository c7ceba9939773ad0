import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { json } from '@/lib/http/respond';
import { parseJsonBody } from '@/lib/http/validation';
import { ApiError, notFound } from '@/lib/http/errors';
import { fundraiserChanged } from '@/lib/cache/invalidate';
import { env } from '@/lib/env';
import { FundraiserIdSchema } from '@/lib/validation/fundraisers';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// Operators (and the benchmark) expire a fundraiser's pages by hand; off unless REVALIDATE_SECRET is set.
export const POST = route({ who: 'anyone', crossSite: 'internalTask' }, async ({ request, db }) => {
  const secret = env().REVALIDATE_SECRET;
  if (!secret) throw notFound();
  const given = Buffer.from(request.headers.get('x-revalidate-secret') ?? '');
  const expected = Buffer.from(secret);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new ApiError('forbidden', 'Wrong revalidation secret');
  const { fundraiser_id } = await parseJsonBody(z.object({ fundraiser_id: FundraiserIdSchema }), request);
  await fundraiserChanged(db, fundraiser_id);
  return json({ data: { revalidated: true } });
});
