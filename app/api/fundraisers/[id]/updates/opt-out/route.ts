import { z } from 'zod';
import { getDb } from '@/lib/db/client';
import { handle, json } from '@/lib/http/respond';
import { parseJsonBody, parseWith } from '@/lib/http/validation';
import { assertSameOrigin } from '@/lib/http/origin';
import { FundraiserIdSchema } from '@/lib/validation/fundraisers';
import { UpdateOptOutSchema } from '@/lib/validation/donors';
import { recordUpdateOptOut } from '@/lib/fundraisers/update-opt-out';

export const dynamic = 'force-dynamic';

// issue 13: one-click unsubscribe from a fundraiser's update emails; the signed token is the only proof needed
// (no sign-in: guests get updates too). POST only: mail scanners follow GET links.
export const POST = handle(async (request, { params }: { params: Promise<{ id: string }> }) => {
  assertSameOrigin(request);
  const { id } = parseWith(z.object({ id: FundraiserIdSchema }), await params);
  const { token } = await parseJsonBody(UpdateOptOutSchema, request);
  const db = await getDb();
  await recordUpdateOptOut(db, id, token);
  return json({ data: { opted_out: true } });
});
