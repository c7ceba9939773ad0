import { getDb } from '@/lib/db/client';
import { handle, json } from '@/lib/http/respond';
import { parseQuery } from '@/lib/http/validation';
import { WalletLoginCodeQuerySchema } from '@/lib/validation/account-utilities';
import { walletLoginCode } from '@/lib/auth/social/paytm-login';

export const dynamic = 'force-dynamic';

// spec 7 "paytm login code": the wallet's authorisation URL with a signed state; 503 while the wallet is not configured
export const GET = handle(async (request) => {
  const { redirect_uri } = parseQuery(WalletLoginCodeQuerySchema, request.url);
  const { code, cookie } = await walletLoginCode(await getDb(), request, redirect_uri);
  return json({ data: code }, { headers: { 'cache-control': 'no-store', 'set-cookie': cookie } });
});
