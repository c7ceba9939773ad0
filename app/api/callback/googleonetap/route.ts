import { getDb } from '@/lib/db/client';
import { handle } from '@/lib/http/respond';
import { googleOneTapSignIn } from '@/lib/auth/social/google-one-tap';

export const dynamic = 'force-dynamic';

// spec 7: callback/googleonetap receives Google's ID token (`credential`): Google's form post (redirect mode) or our page's JSON
export const POST = handle(async (request) => googleOneTapSignIn(await getDb(), request));
