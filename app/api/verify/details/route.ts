import { VerifyDetailsSchema } from '@/lib/validation/accounts';
import { finishSignUpWithCode } from '@/lib/auth/flows';
import { signedInJson } from '@/lib/auth/sign-in';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// spec 7: POST verify/details: name (and email) for a phone or email just verified by a code
export const POST = route({ who: 'anyone', body: VerifyDetailsSchema }, async ({ request, db, body: input }) => {
  return signedInJson(await finishSignUpWithCode(db, request, input), 201);
});
