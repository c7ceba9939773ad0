import { z } from 'zod';
import { json } from '@/lib/http/respond';
import { route, CACHE } from '@/lib/api/route';
import { rowIdSchema } from '@/lib/validation/ids';
import { FcraRegistrationSchema } from '@/lib/validation/fcra';
import { getFcraRegistration, setFcraRegistration } from '@/lib/fundraisers/fcra-registration';

export const dynamic = 'force-dynamic';

const params = z.object({ id: rowIdSchema('NGO') });

// an NGO's own people read and set its FCRA registration and account; anyone else gets 404
export const GET = route({ who: 'user', params, cache: CACHE.private }, async ({ db, user, params: { id } }) => json({ data: await getFcraRegistration(db, user, id) }));

export const PUT = route({ who: 'user', params, body: FcraRegistrationSchema, cache: CACHE.private }, async ({ db, user, params: { id }, body }) => json({ data: await setFcraRegistration(db, user, id, body) }));
