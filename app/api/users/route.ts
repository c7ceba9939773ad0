import { getDb } from '@/lib/db/client';
import { handle } from '@/lib/http/respond';
import { parseJsonBody } from '@/lib/http/validation';
import { assertSameOrigin } from '@/lib/http/origin';
import { SignupSchema } from '@/lib/validation/accounts';
import { signUp } from '@/lib/auth/flows';
import { signedInJson } from '@/lib/auth/sign-in';

export const dynamic = 'force-dynamic';

// spec 7: POST users (signup payload); a taken email is 409 'The email id has already been taken.'
export const POST = handle(async (request) => {
  assertSameOrigin(request);
  const input = await parseJsonBody(SignupSchema, request);
  return signedInJson(await signUp(await getDb(), request, input), 201);
});
