import { json } from '@/lib/http/respond';
import { PasswordEmailSchema } from '@/lib/validation/accounts';
import { RESET_SENT_MESSAGE, sendPasswordReset } from '@/lib/auth/flows';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// spec 7: POST auth/password/email; the answer never tells whether the email has an account
export const POST = route({ who: 'anyone', body: PasswordEmailSchema }, async ({ request, db, body: { email_id } }) => {
  await sendPasswordReset(db, request, email_id);
  return json({ data: { message: RESET_SENT_MESSAGE } });
});
