import { json } from '@/lib/http/respond';
import { route, CACHE } from '@/lib/api/route';
import { deskActor } from '@/lib/desk/audit';
import { createPartner, listPartners } from '@/lib/desk/partners';
import { PartnerSchema } from '@/lib/validation/desk';

export const dynamic = 'force-dynamic';

// partner (white-label) domains
export const GET = route({ who: 'staff', staff: 'partners.manage', cache: CACHE.private }, async ({ db }) => json({ data: await listPartners(db) }));

// an admin adds a partner domain
export const POST = route({ who: 'staff', staff: 'partners.manage', body: PartnerSchema, cache: CACHE.private }, async ({ db, user, request, body }) =>
  json({ data: await createPartner(db, deskActor(user, request), body) }),
);
