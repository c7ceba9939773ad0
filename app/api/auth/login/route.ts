import { getDb } from '@/lib/db/client';
import { handle } from '@/lib/http/respond';
import { parseJsonBody } from '@/lib/http/validation';
import { assertSameOrigin } from '@/lib/http/origin';
import { LoginSchema } from '@/lib/validation/sign-in';
import { logIn } from '@/lib/auth/flows';
import { signedInJson } from '@/lib/auth/sign-in';

export const dynamic = 'force-dynamic';

// spec 7: POST auth/login (login payload)
export const POST = handle(async (request) => {
  assertSameOrigin(request);
  const input = await parseJsonBody(LoginSchema, request);
  return signedInJson(await logIn(await getDb(), request, input));
});
