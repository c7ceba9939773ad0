import { json } from '@/lib/http/respond';
import { ordersOf } from '@/lib/portfolio/queries';
import { UserOrdersQuerySchema } from '@/lib/validation/profile';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// spec 7: GET users/me/orders (orderBy creation_date, sortedBy desc), only the signed-in user's own
export const GET = route({ who: 'user', query: UserOrdersQuerySchema }, async ({ db, query, user }) => {
  const result = await ordersOf(db, user.id, query);
  return json(
    { data: result.data, meta: { pagination: { page: result.page, per_page: result.per_page, total: result.total, has_more: result.has_more } } },
    { headers: { 'Cache-Control': 'private, no-store' } },
  );
});
