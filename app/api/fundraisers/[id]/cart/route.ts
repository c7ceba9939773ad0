import { z } from 'zod';
import { json } from '@/lib/http/respond';
import { rateLimited } from '@/lib/http/errors';
import { FundraiserIdSchema } from '@/lib/validation/fundraisers';
import { ServerCartSchema } from '@/lib/validation/cart-server';
import { createCart } from '@/lib/donations/service';
import { hasPinAccess } from '@/lib/story/pin-access';
import { clientIp, hitRateLimits } from '@/lib/security/rate-limit';
import { verifyCaptcha } from '@/lib/security/captcha';
import { CART_LIMIT_PER_EMAIL, CART_LIMIT_PER_IP } from '@/lib/constants/security/limits';
import { utmFrom } from '@/lib/http/utm';
import { isHttps } from '@/lib/http/cookies';
import { grantCheckoutAccessCookie } from '@/lib/payments/checkout-access';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// spec 7: POST fundraisers/{id}/cart (cart creation payload)
export const POST = route({ who: 'visitor', params: z.object({ id: FundraiserIdSchema }), body: ServerCartSchema }, async ({ request, db, user, body: input, params: { id } }) => {
  const ip = clientIp(request);
  // card testing comes as many small carts: limit per address and per email
  if (!(await hitRateLimits(db, [{ key: `cart:ip:${ip}`, rule: CART_LIMIT_PER_IP }, { key: `cart:email:${input.donor_email}`, rule: CART_LIMIT_PER_EMAIL }])).allowed) {
    throw rateLimited('Too many donation attempts. Please wait a few minutes and try again.');
  }
  await verifyCaptcha(input.captcha_response, ip);
  // spec 9: the body's utm, else the landing's kept in cookies; the order copies the cart's
  const utm = utmFrom(request, input.utm) ?? undefined;
  const cart = await createCart(db, id, { ...input, utm }, { pinVerified: await hasPinAccess(request, id), userId: user?.id ?? null, ip });
  // this browser may follow the order of its own cart (a guest donor has no session)
  const access = await grantCheckoutAccessCookie(request, cart.id, isHttps(request));
  return json({ data: { id: cart.id, campaign_id: cart.fundraiser_id, currency: cart.currency, donated_amount_minor: cart.donated_amount_minor, donated_amount_inr_minor: cart.donated_amount_inr_minor, tip_amount_minor: cart.tip_amount_minor } }, { status: 201, headers: { 'Set-Cookie': access } });
});
