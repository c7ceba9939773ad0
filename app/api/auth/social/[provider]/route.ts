import { startSocialSignIn } from '@/lib/auth/social/social-sign-in';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// spec 1: social login starts here (?redirect_uri=...) and goes on to the provider; 404 for an unconfigured provider
export const GET = route({ who: 'anyone' }, async ({ request, db, params }) => {
  const { provider } = params;
  return startSocialSignIn(db, request, provider, new URL(request.url).searchParams.get('redirect_uri'));
});
