import { LoginSchema } from '@/lib/validation/sign-in';
import { logIn } from '@/lib/auth/flows';
import { signedInJson } from '@/lib/auth/sign-in';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// spec 7: POST auth/login (login payload)
export const POST = route({ who: 'anyone', body: LoginSchema }, async ({ request, db, body: input }) => {
  return signedInJson(await logIn(db, request, input));
});
