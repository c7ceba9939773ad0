import { z } from 'zod';
import { json } from '@/lib/http/respond';
import { FundraiserIdSchema } from '@/lib/validation/fundraisers';
import { EditSupportingSchema } from '@/lib/validation/supporting';
import { editSupportingFundraiser } from '@/lib/fundraisers/supporting';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// spec 7 "PUT edit supporting fundraiser": its owner only
export const PUT = route({ who: 'user', params: z.object({ id: FundraiserIdSchema, supportId: FundraiserIdSchema }), body: EditSupportingSchema }, async ({ db, user, body: input, params: { id, supportId } }) => {
  return json({ data: await editSupportingFundraiser(db, user, id, supportId, input) });
});
