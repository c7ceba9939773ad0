import { z } from 'zod';
import { json } from '@/lib/http/respond';
import { readBodyText } from '@/lib/http/body';
import { OrderIdSchema } from '@/lib/validation/donation';
import { orderByOrderId, paymentReturnResult } from '@/lib/payments/results';
import { assertOrderDonor } from '@/lib/payments/checkout-access';
import { requestOrigin } from '@/lib/whitelabel/request-origin';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// spec 7: POST payment/response/{oi} with the params the gateway returned (none: ask the gateway again)
export const POST = route({ who: 'donor', params: z.object({ oi: OrderIdSchema }), crossSite: 'gatewayReturn' }, async ({ request, db, user, params: { oi } }) => {
  const text = await readBodyText(request);
  // the gateway's params as an object of strings; anything else (null, an array, broken JSON) means none came back
  const body = (() => {
    try {
      const parsed: unknown = text ? JSON.parse(text) : {};
      return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  })();
  const returned = Object.fromEntries(Object.entries(body).filter(([, v]) => typeof v === 'string')) as Record<string, string>;
  // the gateway's params are verified for this order; without them (a re-check) only its donor may ask
  if (!Object.keys(returned).length) await assertOrderDonor(request, await orderByOrderId(db, oi), user);
  return json({ data: await paymentReturnResult(db, oi, returned, await requestOrigin(request)) }, { headers: { 'Cache-Control': 'no-store' } });
});
