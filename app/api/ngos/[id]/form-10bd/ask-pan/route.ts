import { z } from 'zod';
import { route } from '@/lib/api/route';
import { json } from '@/lib/http/respond';
import { rowIdSchema } from '@/lib/validation/ids';
import { AskPanSchema } from '@/lib/validation/tax';
import { assertManagesEntity } from '@/lib/permissions/can';
import { askDonorsForPan } from '@/lib/tax/ask-pan';

export const dynamic = 'force-dynamic';

// The NGO asks the year's donors who gave no PAN to add one from their receipt link; only the NGO's own people (else 404)
export const POST = route({ who: 'user', params: z.object({ id: rowIdSchema('Organisation') }), body: AskPanSchema }, async ({ db, user, params: { id }, body: { fy } }) => {
  await assertManagesEntity(db, user, id);
  return json({ data: await askDonorsForPan(db, id, fy) });
});
