import { json } from '@/lib/http/respond';
import { SendSchema } from '@/lib/validation/donation';
import { orderToSend, sendOrder } from '@/lib/donations/service';
import { requestOrigin } from '@/lib/whitelabel/request-origin';
import { PAYMENT_FORM_PAGE_TYPE, paymentRoutePath } from '@/lib/payments/redirects';
import { checkoutReaderOf } from '@/lib/payments/checkout-access';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// spec 7: POST payment/send (send-order payload): answers the gateway URL the browser goes to; only to the order's donor
// (their session, or the browser that made its cart), as that URL names the amount; anyone else gets 404
export const POST = route({ who: 'donor', body: SendSchema }, async ({ request, db, user, body: { order_id, ...bankTransfer } }) => {
  const origin = await requestOrigin(request);
  const reader = await checkoutReaderOf(request, user);
  const { order, customTag, payer, locale } = await orderToSend(db, order_id, reader);
  const back = new URLSearchParams({ oi: order_id, origin: order.origin ?? 's' });
  // a gift comes back with its fundraiser (spec 4 return params ct, id); a tip or a premium has none
  if (order.fundraiser_id && customTag) {
    back.set('ct', customTag);
    back.set('id', String(order.fundraiser_id));
    // and the update it was given from (origin up), for a return the router cannot read the order of
    if (typeof order.params?.update_id === 'number') back.set('update', String(order.params.update_id));
    // and that it was placed on the payment form (an unreadable order goes back there too)
    if (order.params?.page_type === PAYMENT_FORM_PAGE_TYPE) back.set('pt', PAYMENT_FORM_PAGE_TYPE);
  }
  return json({ data: await sendOrder(db, order, { origin, bankTransfer, payer, returnUrl: new URL(`${paymentRoutePath(locale)}?${back}`, origin).toString() }) });
});
