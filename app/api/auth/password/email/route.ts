import { getDb } from '@/lib/db/client';
import { handle, json } from '@/lib/http/respond';
import { parseJsonBody } from '@/lib/http/validation';
import { assertSameOrigin } from '@/lib/http/origin';
import { PasswordEmailSchema } from '@/lib/validation/accounts';
import { RESET_SENT_MESSAGE, sendPasswordReset } from '@/lib/auth/flows';

export const dynamic = 'force-dynamic';

// spec 7: POST auth/password/email; the answer never tells whether the email has an account
export const POST = handle(async (request) => {
  assertSameOrigin(request);
  const { email_id } = await parseJsonBody(PasswordEmailSchema, request);
  await sendPasswordReset(await getDb(), request, email_id);
  return json({ data: { message: RESET_SENT_MESSAGE } });
});
