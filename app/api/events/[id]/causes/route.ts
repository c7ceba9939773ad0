import { z } from 'zod';
import { json } from '@/lib/http/respond';
import { notFound } from '@/lib/http/errors';
import { EventRefSchema } from '@/lib/validation/listings';
import { causesOfEvent, fundraisingEvent } from '@/lib/listing/spec-reads';
import { EVENT_CACHE } from '@/lib/constants/cache';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// spec 7 GET event causes: the causes an event raises for, each with the NGOs taking part
export const GET = route({ who: 'anyone', params: z.object({ id: EventRefSchema }) }, async ({ db, params: { id } }) => {
  const event = await fundraisingEvent(db, id);
  if (!event) throw notFound('Event not found');
  return json({ data: await causesOfEvent(db, event.id) }, { headers: { 'Cache-Control': EVENT_CACHE } });
});
