import { z } from 'zod';
import { route, CACHE } from '@/lib/api/route';
import { json } from '@/lib/http/respond';
import { rowIdSchema } from '@/lib/validation/ids';
import { NgoTaxDetailsSchema } from '@/lib/validation/tax';
import { ngoTaxDetails, saveNgoTaxDetails } from '@/lib/tax/ngo-details';

export const dynamic = 'force-dynamic';

const params = z.object({ id: rowIdSchema('Organisation') });

// The NGO's address, PAN and 80G registration (printed on its receipts, filed in Form 10BD); its own people only, else 404
export const GET = route({ who: 'user', params, cache: CACHE.private }, async ({ db, user, params: { id } }) => json({ data: await ngoTaxDetails(db, user, id) }));

export const PUT = route({ who: 'user', params, body: NgoTaxDetailsSchema, cache: CACHE.private }, async ({ db, user, params: { id }, body }) => json({ data: await saveNgoTaxDetails(db, user, id, body) }));
