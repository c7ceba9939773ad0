import { z } from 'zod';
import { getDb } from '@/lib/db/client';
import { handle, json } from '@/lib/http/respond';
import { parseWith } from '@/lib/http/validation';
import { notFound } from '@/lib/http/errors';
import { EventRefSchema } from '@/lib/validation/listings';
import { causesOfEvent, fundraisingEvent } from '@/lib/listing/spec-reads';
import { EVENT_CACHE } from '@/lib/constants';

export const dynamic = 'force-dynamic';

// spec 7 GET event causes: the causes an event raises for, each with the NGOs taking part
export const GET = handle(async (_request, { params }: { params: Promise<{ id: string }> }) => {
  const { id } = parseWith(z.object({ id: EventRefSchema }), await params);
  const db = await getDb();
  const event = await fundraisingEvent(db, id);
  if (!event) throw notFound('Event not found');
  return json({ data: await causesOfEvent(db, event.id) }, { headers: { 'Cache-Control': EVENT_CACHE } });
});
