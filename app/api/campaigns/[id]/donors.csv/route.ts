import { z } from 'zod';
import { getDb } from '@/lib/db/client';
import { handle } from '@/lib/http/respond';
import { parseWith } from '@/lib/http/validation';
import { requireUser } from '@/lib/auth/session';
import { FundraiserIdSchema } from '@/lib/validation/fundraisers';
import { donorsCsv } from '@/lib/fundraisers/donor-list';

export const dynamic = 'force-dynamic';

// issue 13: every successful donation as a spreadsheet, for the campaigner, owner or manager only (404 to anyone else)
export const GET = handle(async (request, { params }: { params: Promise<{ id: string }> }) => {
  const { id } = parseWith(z.object({ id: FundraiserIdSchema }), await params);
  const db = await getDb();
  const user = await requireUser(db, request);
  const { filename, csv } = await donorsCsv(db, user, id);
  return new Response(csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${filename}"`,
      // donors' names: never kept by a browser or a shared cache
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
});
