import { z } from 'zod';
import { getDb } from '@/lib/db/client';
import { handle, json } from '@/lib/http/respond';
import { parseQuery } from '@/lib/http/validation';
import { platformTicker } from '@/lib/portfolio/tickr';
import { TICKR_CACHE, TICKR_LIMIT_DEFAULT, TICKR_LIMIT_MAX } from '@/lib/constants';

export const dynamic = 'force-dynamic';

const TickrSchema = z.object({
  country_code: z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, 'Please give a two-letter country code').default('IN'),
  limit: z.coerce.number().int().min(1).max(TICKR_LIMIT_MAX).default(TICKR_LIMIT_DEFAULT),
});

// spec 7 GET tickr (country_code): the latest gifts on the platform, in the visitor's currency; the same for everyone
export const GET = handle(async (request) => {
  const { country_code, limit } = parseQuery(TickrSchema, request.url);
  return json({ data: await platformTicker(await getDb(), country_code, limit) }, { headers: { 'Cache-Control': TICKR_CACHE } });
});
