import { z } from 'zod';
import { getDb } from '@/lib/db/client';
import { handle, json } from '@/lib/http/respond';
import { parseWith } from '@/lib/http/validation';
import { notFound } from '@/lib/http/errors';
import { EventRefSchema } from '@/lib/validation/listings';
import { fundraisingEvent } from '@/lib/listing/spec-reads';
import { EVENT_CACHE } from '@/lib/constants';

export const dynamic = 'force-dynamic';

// spec 7 GET event: a fundraising event by its id or slug
export const GET = handle(async (_request, { params }: { params: Promise<{ id: string }> }) => {
  const { id } = parseWith(z.object({ id: EventRefSchema }), await params);
  const event = await fundraisingEvent(await getDb(), id);
  if (!event) throw notFound('Event not found');
  return json({ data: event }, { headers: { 'Cache-Control': EVENT_CACHE } });
});
