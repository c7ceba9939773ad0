import { z } from 'zod';
import { getDb } from '@/lib/db/client';
import { handle, json } from '@/lib/http/respond';
import { parseWith } from '@/lib/http/validation';
import { assertSameOrigin } from '@/lib/http/origin';
import { requireUser } from '@/lib/auth/session';
import { FundraiserIdSchema } from '@/lib/validation/fundraisers';
import { endFundraiserEarly } from '@/lib/fundraisers/end';

export const dynamic = 'force-dynamic';

// issue 13: the campaigner, owner or manager ends a running fundraiser now (404 to anyone else, 409 once it is not running)
export const POST = handle(async (request, { params }: { params: Promise<{ id: string }> }) => {
  assertSameOrigin(request);
  const { id } = parseWith(z.object({ id: FundraiserIdSchema }), await params);
  const db = await getDb();
  const user = await requireUser(db, request);
  return json({ data: await endFundraiserEarly(db, user, id) }, { headers: { 'Cache-Control': 'private, no-store' } });
});
