import { z } from 'zod';
import { json } from '@/lib/http/respond';
import { parseJsonBody, parseWith } from '@/lib/http/validation';
import { productNameFor } from '@/lib/auth/flows';
import { clientIp } from '@/lib/security/rate-limit';
import { CreditDetailsSchema, PolicyIdSchema } from '@/lib/validation/insurance';
import { confirmCreditDetails, sendCreditDetailsCode } from '@/lib/insurance/credit-details';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// spec 7: POST entity/{id}/credit/details (with a one-time code): the bank account a claim on the owner's paid policy
// {id} is paid into. Without a code it sends one (202); with request_id and otp it stores the same details (200).
export const POST = route({ who: 'user' }, async ({ request, db, user, params }) => {
  const { id } = parseWith(z.object({ id: PolicyIdSchema }), params);
  const { request_id, otp, locale, account_holder_name, account_number, ifsc_code } = await parseJsonBody(CreditDetailsSchema, request);
  const details = { account_holder_name, account_number, ifsc_code };
  const noStore = { 'Cache-Control': 'private, no-store' };
  if (otp && request_id) return json({ data: await confirmCreditDetails(db, user, id, details, { request_id, otp }) }, { headers: noStore });
  const sent = await sendCreditDetailsCode(db, user, id, details, { ip: clientIp(request), locale, productName: await productNameFor(db, request) });
  return json({ data: sent }, { status: 202, headers: noStore });
});
