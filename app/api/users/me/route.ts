import { z } from 'zod';
import { getDb } from '@/lib/db/client';
import { handle, json } from '@/lib/http/respond';
import { parseJsonBody } from '@/lib/http/validation';
import { assertSameOrigin } from '@/lib/http/origin';
import { requireUser } from '@/lib/auth/session';
import { accountOf } from '@/lib/portfolio/queries';
import { updateProfile } from '@/lib/portfolio/profile';

export const dynamic = 'force-dynamic';

// one user's own data: never stored by a shared cache
const PRIVATE = { headers: { 'Cache-Control': 'private, no-store' } };

// spec 7: GET users/me with its related data (avatar, isHospital, subscriptions, aggdonationall, ...)
export const GET = handle(async (request) => {
  const db = await getDb();
  const user = await requireUser(db, request);
  return json({ data: await accountOf(db, user.id) }, PRIVATE);
});

// profile edit: name, phone, pincode, PAN, address, gender (spec 5 messages on a 422)
export const PUT = handle(async (request) => {
  assertSameOrigin(request);
  const db = await getDb();
  const user = await requireUser(db, request);
  const body = await parseJsonBody(z.record(z.string(), z.unknown(), { error: 'The profile must be a JSON object' }), request);
  return json({ data: await updateProfile(db, user.id, body) }, PRIVATE);
});
