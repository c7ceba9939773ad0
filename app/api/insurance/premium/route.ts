import { json } from '@/lib/http/respond';
import { PremiumSchema } from '@/lib/validation/insurance';
import { premiums } from '@/lib/insurance/policies';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// spec 7: POST insurance/premium: a plan's premium (spec 3 fields vendor, plan, plan_id, frequency, plan_amount,
// currency), or every plan of spec 9 when no plan_id is given. Open to visitors: it is the price list.
export const POST = route({ who: 'anyone', body: PremiumSchema, database: false }, async ({ body: { plan_id } }) => {
  return json({ data: premiums(plan_id) });
});
