import { finishSocialSignIn } from '@/lib/auth/social/social-sign-in';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// spec 7: GET callback/facebook, where the provider returns the browser with a code (or an error)
export const GET = route({ who: 'anyone' }, async ({ request, db }) => finishSocialSignIn(db, request, 'facebook'));
