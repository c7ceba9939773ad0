import { z } from 'zod';
import { json } from '@/lib/http/respond';
import { platformTicker } from '@/lib/portfolio/tickr';
import { TICKR_CACHE } from '@/lib/constants/cache';
import { TICKR_LIMIT_DEFAULT, TICKR_LIMIT_MAX } from '@/lib/constants/listing';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

const TickrSchema = z.object({
  country_code: z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, 'Please give a two-letter country code').default('IN'),
  limit: z.coerce.number().int().min(1).max(TICKR_LIMIT_MAX).default(TICKR_LIMIT_DEFAULT),
});

// spec 7 GET tickr (country_code): the latest gifts on the platform, in the visitor's currency; the same for everyone
export const GET = route({ who: 'anyone', query: TickrSchema }, async ({ db, query: { country_code, limit } }) => {
  return json({ data: await platformTicker(db, country_code, limit) }, { headers: { 'Cache-Control': TICKR_CACHE } });
});
