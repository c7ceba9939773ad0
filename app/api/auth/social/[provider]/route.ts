import { getDb } from '@/lib/db/client';
import { handle } from '@/lib/http/respond';
import { startSocialSignIn } from '@/lib/auth/social/social-sign-in';

export const dynamic = 'force-dynamic';

// spec 1: social login starts here (?redirect_uri=...) and goes on to the provider; 404 for an unconfigured provider
export const GET = handle(async (request, { params }: { params: Promise<{ provider: string }> }) => {
  const { provider } = await params;
  return startSocialSignIn(await getDb(), request, provider, new URL(request.url).searchParams.get('redirect_uri'));
});
