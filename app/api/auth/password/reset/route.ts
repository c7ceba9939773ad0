import { getDb } from '@/lib/db/client';
import { handle } from '@/lib/http/respond';
import { parseJsonBody } from '@/lib/http/validation';
import { assertSameOrigin } from '@/lib/http/origin';
import { PasswordResetSchema } from '@/lib/validation/accounts';
import { resetPassword } from '@/lib/auth/flows';
import { signedInJson } from '@/lib/auth/sign-in';

export const dynamic = 'force-dynamic';

// spec 7: POST auth/password/reset: a single-use token sets the password and signs in
export const POST = handle(async (request) => {
  assertSameOrigin(request);
  const input = await parseJsonBody(PasswordResetSchema, request);
  return signedInJson(await resetPassword(await getDb(), request, input));
});
