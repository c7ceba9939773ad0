import { z } from 'zod';
import { getDb } from '@/lib/db/client';
import { handle, json } from '@/lib/http/respond';
import { parseJsonBody, parseWith } from '@/lib/http/validation';
import { assertSameOrigin } from '@/lib/http/origin';
import { requireUser } from '@/lib/auth/session';
import { FundraiserIdSchema } from '@/lib/validation/fundraisers';
import { OrderIdSchema } from '@/lib/validation/donation';
import { AcknowledgeSchema } from '@/lib/validation/donors';
import { acknowledgeDonation } from '@/lib/fundraisers/acknowledge';

export const dynamic = 'force-dynamic';

// spec 7 "PUT acknowledge form": the campaigner, owner or manager thanks one donation's donor (404 to anyone else)
export const PUT = handle(async (request, { params }: { params: Promise<{ id: string; orderId: string }> }) => {
  assertSameOrigin(request);
  const { id, orderId } = parseWith(z.object({ id: FundraiserIdSchema, orderId: OrderIdSchema }), await params);
  const db = await getDb();
  const user = await requireUser(db, request);
  return json({ data: await acknowledgeDonation(db, user, id, orderId, await parseJsonBody(AcknowledgeSchema, request)) });
});
