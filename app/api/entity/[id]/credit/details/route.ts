import { z } from 'zod';
import { getDb } from '@/lib/db/client';
import { handle, json } from '@/lib/http/respond';
import { parseJsonBody, parseWith } from '@/lib/http/validation';
import { assertSameOrigin } from '@/lib/http/origin';
import { requireUser } from '@/lib/auth/session';
import { productNameFor } from '@/lib/auth/flows';
import { clientIp } from '@/lib/security/rate-limit';
import { CreditDetailsSchema, PolicyIdSchema } from '@/lib/validation/insurance';
import { confirmCreditDetails, sendCreditDetailsCode } from '@/lib/insurance/credit-details';

export const dynamic = 'force-dynamic';

// spec 7: POST entity/{id}/credit/details (with a one-time code): the bank account a claim on the owner's paid policy
// {id} is paid into. Without a code it sends one (202); with request_id and otp it stores the same details (200).
export const POST = handle(async (request, { params }: { params: Promise<{ id: string }> }) => {
  assertSameOrigin(request);
  const db = await getDb();
  const user = await requireUser(db, request);
  const { id } = parseWith(z.object({ id: PolicyIdSchema }), await params);
  const { request_id, otp, locale, account_holder_name, account_number, ifsc_code } = await parseJsonBody(CreditDetailsSchema, request);
  const details = { account_holder_name, account_number, ifsc_code };
  const noStore = { 'Cache-Control': 'private, no-store' };
  if (otp && request_id) return json({ data: await confirmCreditDetails(db, user, id, details, { request_id, otp }) }, { headers: noStore });
  const sent = await sendCreditDetailsCode(db, user, id, details, { ip: clientIp(request), locale, productName: await productNameFor(db, request) });
  return json({ data: sent }, { status: 202, headers: noStore });
});
