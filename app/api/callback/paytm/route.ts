import { z } from 'zod';
import { getDb } from '@/lib/db/client';
import { handle } from '@/lib/http/respond';
import { assertSameOrigin } from '@/lib/http/origin';
import { parseQuery } from '@/lib/http/validation';
import { requireWalletLogin, walletSignIn } from '@/lib/auth/social/paytm';
import { signedInJson } from '@/lib/auth/sign-in';

export const dynamic = 'force-dynamic';

const WalletCallbackSchema = z.object({
  code: z.string({ error: 'The wallet sign-in code is missing' }).trim().min(1, 'The wallet sign-in code is missing').max(512),
  redirect_uri: z.string().max(2048).optional(),
});

// spec 7: GET callback/paytm?code from the wallet web view; JSON with the user_exists flag
export const GET = handle(async (request) => {
  requireWalletLogin();
  // the session lands in this browser: only our own page may ask (a cross-site link cannot sign anyone in)
  assertSameOrigin(request);
  const { code, redirect_uri } = parseQuery(WalletCallbackSchema, request.url);
  const { done, created } = await walletSignIn(await getDb(), request, code, redirect_uri);
  return signedInJson(done, 200, { user_exists: !created });
});
