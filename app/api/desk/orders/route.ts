import { json } from '@/lib/http/respond';
import { route, CACHE } from '@/lib/api/route';
import { findOrders } from '@/lib/desk/orders';
import { DeskSearchSchema } from '@/lib/validation/desk';

export const dynamic = 'force-dynamic';

// support finds a gift by order id, gateway payment id, email or phone
export const GET = route({ who: 'staff', staff: 'orders.search', query: DeskSearchSchema, cache: CACHE.private }, async ({ db, query }) => json({ data: await findOrders(db, query.q) }));
