import { handle, json } from '@/lib/http/respond';
import { parseJsonBody } from '@/lib/http/validation';
import { PremiumSchema } from '@/lib/validation/insurance';
import { premiums } from '@/lib/insurance/policies';

export const dynamic = 'force-dynamic';

// spec 7: POST insurance/premium: a plan's premium (spec 3 fields vendor, plan, plan_id, frequency, plan_amount,
// currency), or every plan of spec 9 when no plan_id is given. Open to visitors: it is the price list.
export const POST = handle(async (request) => {
  const { plan_id } = await parseJsonBody(PremiumSchema, request);
  return json({ data: premiums(plan_id) });
});
