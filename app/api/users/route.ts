import { SignupSchema } from '@/lib/validation/account-fields';
import { signUp } from '@/lib/auth/flows';
import { signedInJson } from '@/lib/auth/sign-in';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// spec 7: POST users (signup payload); a taken email is 409 'The email id has already been taken.'
export const POST = route({ who: 'anyone', body: SignupSchema }, async ({ request, db, body: input }) => {
  return signedInJson(await signUp(db, request, input), 201);
});
