import { getDb } from '@/lib/db/client';
import { handle } from '@/lib/http/respond';
import { finishSocialSignIn } from '@/lib/auth/social/social-sign-in';

export const dynamic = 'force-dynamic';

// spec 7: GET callback/facebook, where the provider returns the browser with a code (or an error)
export const GET = handle(async (request) => finishSocialSignIn(await getDb(), request, 'facebook'));
