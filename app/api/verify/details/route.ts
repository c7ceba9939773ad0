import { getDb } from '@/lib/db/client';
import { handle } from '@/lib/http/respond';
import { parseJsonBody } from '@/lib/http/validation';
import { assertSameOrigin } from '@/lib/http/origin';
import { VerifyDetailsSchema } from '@/lib/validation/accounts';
import { finishSignUpWithCode } from '@/lib/auth/flows';
import { signedInJson } from '@/lib/auth/sign-in';

export const dynamic = 'force-dynamic';

// spec 7: POST verify/details: name (and email) for a phone or email just verified by a code
export const POST = handle(async (request) => {
  assertSameOrigin(request);
  const input = await parseJsonBody(VerifyDetailsSchema, request);
  return signedInJson(await finishSignUpWithCode(await getDb(), request, input), 201);
});
