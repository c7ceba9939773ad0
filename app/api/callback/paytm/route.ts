import { z } from 'zod';
import { assertSameOrigin } from '@/lib/http/origin';
import { parseQuery } from '@/lib/http/validation';
import { requireWalletLogin, walletSignIn, WALLET_MESSAGES } from '@/lib/auth/social/paytm';
import { clearedWalletLoginCookie, verifyWalletLoginState } from '@/lib/auth/social/paytm-login';
import { ApiError } from '@/lib/http/errors';
import { signedInJson } from '@/lib/auth/sign-in';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

const WalletCallbackSchema = z.object({
  code: z.string({ error: 'The wallet sign-in code is missing' }).trim().min(1, 'The wallet sign-in code is missing').max(512),
  redirect_uri: z.string().max(2048).optional(),
  /** the signed state of paytm login code, when the wallet's login page sent the person back to our sign-in page */
  state: z.string().max(4096).optional(),
});

// spec 7: GET callback/paytm?code from the wallet web view; JSON with the user_exists flag
export const GET = route({ who: 'anyone' }, async ({ request, db }) => {
  requireWalletLogin();
  // the session lands in this browser: only our own page may ask (a cross-site link cannot sign anyone in)
  assertSameOrigin(request);
  const { code, redirect_uri, state } = parseQuery(WalletCallbackSchema, request.url);
  // a return from the wallet's login page: its state must be ours, unexpired and made for this browser (login CSRF), and
  // it, not the address, says where to go next
  const returned = state === undefined ? null : await verifyWalletLoginState(request, state);
  if (state !== undefined && !returned) throw new ApiError('validation_failed', WALLET_MESSAGES.badCode, { state: WALLET_MESSAGES.badCode });
  const { done, created } = await walletSignIn(db, request, code, returned ? returned.next : redirect_uri);
  const response = signedInJson(done, 200, { user_exists: !created });
  if (returned) response.headers.append('set-cookie', clearedWalletLoginCookie(request));
  return response;
});
