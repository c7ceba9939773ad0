import { json } from '@/lib/http/respond';
import { WalletLoginCodeQuerySchema } from '@/lib/validation/account-utilities';
import { walletLoginCode } from '@/lib/auth/social/paytm-login';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// spec 7 "paytm login code": the wallet's authorisation URL with a signed state; 503 while the wallet is not configured
export const GET = route({ who: 'anyone', query: WalletLoginCodeQuerySchema }, async ({ request, db, query: { redirect_uri } }) => {
  const { code, cookie } = await walletLoginCode(db, request, redirect_uri);
  return json({ data: code }, { headers: { 'cache-control': 'no-store', 'set-cookie': cookie } });
});
