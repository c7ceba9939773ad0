import { json } from '@/lib/http/respond';
import { rateLimited } from '@/lib/http/errors';
import { ServerTipCartSchema } from '@/lib/validation/cart-server';
import { createTipCart } from '@/lib/donations/tip';
import { clientIp, hitRateLimits } from '@/lib/security/rate-limit';
import { verifyCaptcha } from '@/lib/security/captcha';
import { CART_LIMIT_PER_EMAIL, CART_LIMIT_PER_IP } from '@/lib/constants/security/limits';
import { isHttps } from '@/lib/http/cookies';
import { grantCheckoutAccessCookie } from '@/lib/payments/checkout-access';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// spec 2 /new/standalonetip: the tip's cart, limited like a gift's (card testing comes as many small carts)
export const POST = route({ who: 'visitor', body: ServerTipCartSchema }, async ({ request, db, user, body: input }) => {
  const ip = clientIp(request);
  if (!(await hitRateLimits(db, [{ key: `cart:ip:${ip}`, rule: CART_LIMIT_PER_IP }, { key: `cart:email:${input.donor_email}`, rule: CART_LIMIT_PER_EMAIL }])).allowed) {
    throw rateLimited('Too many payment attempts. Please wait a few minutes and try again.');
  }
  await verifyCaptcha(input.captcha_response, ip);
  const cart = await createTipCart(db, input, { userId: user?.id ?? null, ip });
  return json({ data: { id: cart.id, currency: cart.currency, tip_amount_minor: cart.tip_amount_minor, tip_amount_inr_minor: cart.tip_amount_inr_minor } }, { status: 201, headers: { 'Set-Cookie': await grantCheckoutAccessCookie(request, cart.id, isHttps(request)) } });
});
