import { json } from '@/lib/http/respond';
import { VerifyOtpSchema } from '@/lib/validation/accounts';
import { signInWithCode } from '@/lib/auth/flows';
import { signedInJson } from '@/lib/auth/sign-in';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// spec 7: POST verify/otp/token: a right code signs a known user in; a new one gets an accessToken for verify/details
export const POST = route({ who: 'anyone', body: VerifyOtpSchema }, async ({ request, db, body: input }) => {
  const result = await signInWithCode(db, request, input);
  if ('done' in result) return signedInJson(result.done, 200, { user_exists: true });
  return json({ data: { user_exists: false, accessToken: result.accessToken, verified: result.contact } }, { headers: { 'cache-control': 'no-store' } });
});
