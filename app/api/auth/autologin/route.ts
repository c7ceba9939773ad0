import { AutologinSchema } from '@/lib/validation/accounts';
import { autoLogin } from '@/lib/auth/flows';
import { signedInJson } from '@/lib/auth/sign-in';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// spec 7: POST auth/autologin, only with a link token we issued (never a bare email: see README)
export const POST = route({ who: 'anyone', body: AutologinSchema }, async ({ request, db, body: input }) => {
  return signedInJson(await autoLogin(db, request, input));
});
