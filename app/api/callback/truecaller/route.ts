import { parseJsonBody } from '@/lib/http/validation';
import { CallerVerificationSchema, callerVerificationSignIn, requireCallerVerification, spentNonceCookie } from '@/lib/auth/social/truecaller';
import { signedInJson } from '@/lib/auth/sign-in';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// spec 1: caller-verification app login; the app's signed profile (payload, signature, signatureAlgorithm)
export const POST = route({ who: 'anyone' }, async ({ request, db }) => {
  requireCallerVerification();
  const input = await parseJsonBody(CallerVerificationSchema, request);
  const { done, created } = await callerVerificationSignIn(db, request, input);
  const response = signedInJson(done, 200, { user_exists: !created });
  response.headers.append('set-cookie', spentNonceCookie(request));
  return response;
});
