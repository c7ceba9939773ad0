import { googleOneTapSignIn } from '@/lib/auth/social/google-one-tap';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// spec 7: callback/googleonetap receives Google's ID token (`credential`): Google's form post (redirect mode) or our page's JSON
export const POST = route({ who: 'anyone', crossSite: 'signInProvider' }, async ({ request, db }) => googleOneTapSignIn(db, request));
