import { z } from 'zod';
import { json } from '@/lib/http/respond';
import { route, CACHE } from '@/lib/api/route';
import { deskActor } from '@/lib/desk/audit';
import { updatePartner } from '@/lib/desk/partners';
import { rowIdSchema } from '@/lib/validation/ids';
import { PartnerSchema } from '@/lib/validation/desk';

export const dynamic = 'force-dynamic';

// an admin changes a partner domain or switches it off
export const POST = route({ who: 'staff', staff: 'partners.manage', params: z.object({ id: rowIdSchema('Partner') }), body: PartnerSchema, cache: CACHE.private }, async ({ db, user, request, params, body }) =>
  json({ data: await updatePartner(db, deskActor(user, request), params.id, body) }),
);
