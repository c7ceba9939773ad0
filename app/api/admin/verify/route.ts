import { json } from '@/lib/http/respond';
import { EmailCheckSchema } from '@/lib/validation/account-utilities';
import { emailHasAccount } from '@/lib/accounts/email-check';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// spec 7: POST admin/verify (check email): { exists } and nothing more, limited per client address
export const POST = route({ who: 'anyone', body: EmailCheckSchema }, async ({ request, db, body: { email } }) => {
  return json({ data: await emailHasAccount(db, request, email) }, { headers: { 'cache-control': 'no-store' } });
});
