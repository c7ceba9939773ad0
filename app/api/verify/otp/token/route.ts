import { getDb } from '@/lib/db/client';
import { handle, json } from '@/lib/http/respond';
import { parseJsonBody } from '@/lib/http/validation';
import { assertSameOrigin } from '@/lib/http/origin';
import { VerifyOtpSchema } from '@/lib/validation/accounts';
import { signInWithCode } from '@/lib/auth/flows';
import { signedInJson } from '@/lib/auth/sign-in';

export const dynamic = 'force-dynamic';

// spec 7: POST verify/otp/token: a right code signs a known user in; a new one gets an accessToken for verify/details
export const POST = handle(async (request) => {
  assertSameOrigin(request);
  const input = await parseJsonBody(VerifyOtpSchema, request);
  const result = await signInWithCode(await getDb(), request, input);
  if ('done' in result) return signedInJson(result.done, 200, { user_exists: true });
  return json({ data: { user_exists: false, accessToken: result.accessToken, verified: result.contact } }, { headers: { 'cache-control': 'no-store' } });
});
