import { getDb } from '@/lib/db/client';
import { handle, json } from '@/lib/http/respond';
import { parseJsonBody } from '@/lib/http/validation';
import { assertSameOrigin } from '@/lib/http/origin';
import { EmailCheckSchema } from '@/lib/validation/account-utilities';
import { emailHasAccount } from '@/lib/accounts/email-check';

export const dynamic = 'force-dynamic';

// spec 7: POST admin/verify (check email): { exists } and nothing more, limited per client address
export const POST = handle(async (request) => {
  assertSameOrigin(request);
  const { email } = await parseJsonBody(EmailCheckSchema, request);
  return json({ data: await emailHasAccount(await getDb(), request, email) }, { headers: { 'cache-control': 'no-store' } });
});
