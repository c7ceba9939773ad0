import { json } from '@/lib/http/respond';
import { issueCallerVerificationNonce } from '@/lib/auth/social/truecaller';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// spec 1: the caller-verification app signs a profile carrying this nonce (requestNonce); callback/truecaller checks it
export const GET = route({ who: 'anyone', database: false }, async ({ request }) => {
  const { nonce, cookie } = await issueCallerVerificationNonce(request);
  return json({ data: { request_nonce: nonce } }, { headers: { 'set-cookie': cookie, 'cache-control': 'no-store' } });
});
