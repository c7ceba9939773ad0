import { z } from 'zod';
import { getDb } from '@/lib/db/client';
import { handle, json } from '@/lib/http/respond';
import { parseJsonBody, parseWith } from '@/lib/http/validation';
import { assertSameOrigin } from '@/lib/http/origin';
import { requireUser } from '@/lib/auth/session';
import { OrderIdSchema } from '@/lib/validation/donation';
import { AnonymousFlagSchema } from '@/lib/validation/donors';
import { setDonationAnonymous } from '@/lib/donations/anonymous';

export const dynamic = 'force-dynamic';

// spec 7 "PUT anonymous flag": the donor shows or hides their name on their own donation (404 for anyone else's)
export const PUT = handle(async (request, { params }: { params: Promise<{ oi: string }> }) => {
  assertSameOrigin(request);
  const { oi } = parseWith(z.object({ oi: OrderIdSchema }), await params);
  const db = await getDb();
  const user = await requireUser(db, request);
  return json({ data: await setDonationAnonymous(db, user, oi, await parseJsonBody(AnonymousFlagSchema, request)) });
});
