import { z } from 'zod';
import { route, CACHE } from '@/lib/api/route';
import { notFound } from '@/lib/http/errors';
import { rowIdSchema } from '@/lib/validation/ids';
import { Form10bdQuerySchema } from '@/lib/validation/tax';
import { assertManagesEntity } from '@/lib/permissions/can';
import { form10bdCsv, form10bdFileName, form10bdParts, form10bdStatement } from '@/lib/tax/form-10bd';

export const dynamic = 'force-dynamic';

// An NGO's Form 10BD for a financial year, one part of the portal's CSV template; only the NGO's own people (else 404)
export const GET = route({ who: 'user', params: z.object({ id: rowIdSchema('Organisation') }), query: Form10bdQuerySchema, cache: CACHE.private }, async ({ db, user, params: { id }, query: { fy, part } }) => {
  await assertManagesEntity(db, user, id);
  const statement = await form10bdStatement(db, id, fy);
  if (part > form10bdParts(statement)) throw notFound('This part of the statement does not exist');
  return new Response(form10bdCsv(statement, part), {
    headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${form10bdFileName(fy, part)}"`, 'x-content-type-options': 'nosniff' },
  });
});
