import { getDb } from '@/lib/db/client';
import { handle } from '@/lib/http/respond';
import { parseJsonBody } from '@/lib/http/validation';
import { assertSameOrigin } from '@/lib/http/origin';
import { AutologinSchema } from '@/lib/validation/accounts';
import { autoLogin } from '@/lib/auth/flows';
import { signedInJson } from '@/lib/auth/sign-in';

export const dynamic = 'force-dynamic';

// spec 7: POST auth/autologin, only with a link token we issued (never a bare email: see README)
export const POST = handle(async (request) => {
  assertSameOrigin(request);
  const input = await parseJsonBody(AutologinSchema, request);
  return signedInJson(await autoLogin(await getDb(), request, input));
});
