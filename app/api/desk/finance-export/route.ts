import { route } from '@/lib/api/route';
import { deskActor } from '@/lib/desk/audit';
import { financeCsv } from '@/lib/desk/finance-export';
import { FinanceExportQuerySchema } from '@/lib/validation/desk';

export const dynamic = 'force-dynamic';

// finance's CSV of gifts, refunds, payouts and tips per India-time day and fundraiser
export const GET = route({ who: 'staff', staff: 'finance.export', query: FinanceExportQuerySchema }, async ({ db, user, request, query }) => {
  const { filename, csv } = await financeCsv(db, deskActor(user, request), query.from, query.to);
  return new Response(csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${filename}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
});
