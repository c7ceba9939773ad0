import { PasswordResetSchema } from '@/lib/validation/accounts';
import { resetPassword } from '@/lib/auth/flows';
import { signedInJson } from '@/lib/auth/sign-in';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// spec 7: POST auth/password/reset: a single-use token sets the password and signs in
export const POST = route({ who: 'anyone', body: PasswordResetSchema }, async ({ request, db, body: input }) => {
  return signedInJson(await resetPassword(db, request, input));
});
