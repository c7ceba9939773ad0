import { json } from '@/lib/http/respond';
import { summaryOf } from '@/lib/portfolio/queries';
import { route, CACHE } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// spec 7: user summary: total given (per currency and in INR), donations, causes supported
export const GET = route({ who: 'user', cache: CACHE.private }, async ({ db, user }) => {
  return json({ data: await summaryOf(db, user.id) });
});
