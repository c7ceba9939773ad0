import { z } from 'zod';
import { json } from '@/lib/http/respond';
import { DASHBOARD_FETCH_COUNT } from '@/lib/constants/listing';
import { ngoDashboard } from '@/lib/fundraisers/organisations';
import { toMajor } from '@/lib/money';
import { route, CACHE } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

const QuerySchema = z.object({
  task: z.literal('get_campaigns', { error: 'Unknown task' }),
  count: z.coerce.number({ error: 'Please give a count' }).int().min(1, `count must be 1 to ${DASHBOARD_FETCH_COUNT}`).max(DASHBOARD_FETCH_COUNT, `count must be 1 to ${DASHBOARD_FETCH_COUNT}`).default(DASHBOARD_FETCH_COUNT),
});

// spec 7 "dashboard data" (task=get_campaigns, count=50): the signed-in NGO's standing (spec 9), its fundraisers and the user's own
export const GET = route({ who: 'user', query: QuerySchema, cache: CACHE.private }, async ({ db, user, query: { count } }) => {
  const d = await ngoDashboard(db, user.id, count);
  const campaigns = d.campaigns.map(({ goal_minor, raised_minor, ...f }) => ({ ...f, goal: toMajor(goal_minor), raised: toMajor(raised_minor) }));
  return json({ data: { tax_benefit: d.tax_benefit, ngo_active_campaigns: d.ngo_active_campaigns, ngos: d.ngos, campaigns } });
});
