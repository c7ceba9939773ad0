import { getDb } from '@/lib/db/client';
import { handle, json } from '@/lib/http/respond';
import { parseQuery } from '@/lib/http/validation';
import { requireUser } from '@/lib/auth/session';
import { ordersOf } from '@/lib/portfolio/queries';
import { UserOrdersQuerySchema } from '@/lib/validation/profile';

export const dynamic = 'force-dynamic';

// spec 7: GET users/me/orders (orderBy creation_date, sortedBy desc), only the signed-in user's own
export const GET = handle(async (request) => {
  const query = parseQuery(UserOrdersQuerySchema, request.url);
  const db = await getDb();
  const user = await requireUser(db, request);
  const result = await ordersOf(db, user.id, query);
  return json(
    { data: result.data, meta: { pagination: { page: result.page, per_page: result.per_page, total: result.total, has_more: result.has_more } } },
    { headers: { 'Cache-Control': 'private, no-store' } },
  );
});
