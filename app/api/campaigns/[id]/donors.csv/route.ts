import { z } from 'zod';
import { FundraiserIdSchema } from '@/lib/validation/fundraisers';
import { donorsCsv } from '@/lib/fundraisers/donor-list';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// every successful donation as a spreadsheet, for the campaigner, owner or manager only (404 to anyone else)
export const GET = route({ who: 'user', params: z.object({ id: FundraiserIdSchema }) }, async ({ db, user, params: { id } }) => {
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
