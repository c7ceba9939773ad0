import { json } from '@/lib/http/respond';
import { ApiError } from '@/lib/http/errors';
import { listFundraisers, decodeCursor } from '@/lib/fundraisers/queries';
import { fundraiserSummaryJson } from '@/lib/fundraisers/api';
import { FundraiserListQuerySchema } from '@/lib/validation/fundraisers';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

export const GET = route({ who: 'anyone', query: FundraiserListQuerySchema }, async ({ db, query: q }) => {
  if (q.cursor && !decodeCursor(q.cursor)) throw new ApiError('validation_failed', 'cursor is not valid', { cursor: 'cursor is not valid' });
  const now = new Date();
  const result = await listFundraisers(db, { ...q, now });
  return json({
    data: result.data.map((f) => fundraiserSummaryJson(f, now)),
    meta: {
      pagination: {
        total: result.total,
        // past the cap the count stops ("1,000+"); pages follow next_cursor
        total_capped: result.total_capped,
        count: result.data.length,
        per_page: q.limit,
        current_page: q.page ?? null,
        total_pages: Math.ceil(result.total / q.limit),
        next_cursor: result.next_cursor,
      },
    },
  });
});
