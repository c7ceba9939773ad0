import { z } from 'zod';
import { json } from '@/lib/http/respond';
import { FundraiserIdSchema } from '@/lib/validation/fundraisers';
import { UpdateOptOutSchema } from '@/lib/validation/donors';
import { recordUpdateOptOut } from '@/lib/fundraisers/update-opt-out';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// one-click unsubscribe from a fundraiser's update emails; the signed token is the only proof needed
// (no sign-in: guests get updates too). POST only: mail scanners follow GET links.
export const POST = route({ who: 'anyone', params: z.object({ id: FundraiserIdSchema }), body: UpdateOptOutSchema }, async ({ db, body: { token }, params: { id } }) => {
  await recordUpdateOptOut(db, id, token);
  return json({ data: { opted_out: true } });
});
