import { z } from 'zod';
import { json } from '@/lib/http/respond';
import { notFound } from '@/lib/http/errors';
import { EventRefSchema } from '@/lib/validation/listings';
import { fundraisingEvent } from '@/lib/listing/spec-reads';
import { EVENT_CACHE } from '@/lib/constants/cache';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// spec 7 GET event: a fundraising event by its id or slug
export const GET = route({ who: 'anyone', params: z.object({ id: EventRefSchema }) }, async ({ db, params: { id } }) => {
  const event = await fundraisingEvent(db, id);
  if (!event) throw notFound('Event not found');
  return json({ data: event }, { headers: { 'Cache-Control': EVENT_CACHE } });
});
