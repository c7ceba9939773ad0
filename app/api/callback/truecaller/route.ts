import { getDb } from '@/lib/db/client';
import { handle } from '@/lib/http/respond';
import { assertSameOrigin } from '@/lib/http/origin';
import { parseJsonBody } from '@/lib/http/validation';
import { CallerVerificationSchema, callerVerificationSignIn, requireCallerVerification, spentNonceCookie } from '@/lib/auth/social/truecaller';
import { signedInJson } from '@/lib/auth/sign-in';

export const dynamic = 'force-dynamic';

// spec 1: caller-verification app login; the app's signed profile (payload, signature, signatureAlgorithm)
export const POST = handle(async (request) => {
  requireCallerVerification();
  assertSameOrigin(request);
  const input = await parseJsonBody(CallerVerificationSchema, request);
  const { done, created } = await callerVerificationSignIn(await getDb(), request, input);
  const response = signedInJson(done, 200, { user_exists: !created });
  response.headers.append('set-cookie', spentNonceCookie(request));
  return response;
});
