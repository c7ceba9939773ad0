import { z } from 'zod';
import { json } from '@/lib/http/respond';
import { accountOf } from '@/lib/portfolio/queries';
import { updateProfile } from '@/lib/portfolio/profile';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// one user's own data: never stored by a shared cache
const PRIVATE = { headers: { 'Cache-Control': 'private, no-store' } };

// spec 7: GET users/me with its related data (avatar, isHospital, subscriptions, aggdonationall, ...)
export const GET = route({ who: 'user' }, async ({ db, user }) => {
  return json({ data: await accountOf(db, user.id) }, PRIVATE);
});

// profile edit: name, phone, pincode, PAN, address, gender (spec 5 messages on a 422)
export const PUT = route({ who: 'user', body: z.record(z.string(), z.unknown(), { error: 'The profile must be a JSON object' }) }, async ({ db, user, body }) => {
  return json({ data: await updateProfile(db, user.id, body) }, PRIVATE);
});
