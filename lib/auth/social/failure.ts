// How a browser sign-in through an outside provider fails: back to the sign-in page with a message,
// never a 500 page and never a session.
import 'server-only';
import * as oidc from 'openid-client';
import { SOCIAL_FAILED_ERROR } from '../../constants/auth';
import { reportError } from '../../observability/report';
import { requestOrigin } from '../../whitelabel/request-origin';

/** A sign-in refused for a reason we expect (no flow, wrong provider, forged token): not reported as a bug. */
export class SocialSignInRefused extends Error {}

/** Back to the sign-in page with ?error=social_failed, keeping where the person was going. */
export async function socialFailedRedirect(request: Request, redirectUri: string | null, cookies: string[] = []): Promise<Response> {
  const query = new URLSearchParams({ error: SOCIAL_FAILED_ERROR, ...(redirectUri ? { redirect_uri: redirectUri } : {}) });
  const response = new Response(null, { status: 303, headers: { location: new URL(`/new/signin?${query}`, await requestOrigin(request)).toString(), 'cache-control': 'no-store' } });
  for (const c of cookies) response.headers.append('set-cookie', c);
  return response;
}

/** Denied consent, a stale or forged callback, a code used twice: the person's business, not a bug of ours. */
function isExpectedRefusal(error: unknown): boolean {
  if (error instanceof SocialSignInRefused || error instanceof oidc.AuthorizationResponseError || error instanceof oidc.ResponseBodyError) return true;
  // OAUTH_INVALID_RESPONSE covers what the browser brought back (a wrong state, a missing iss); the others are mismatched claims
  return error instanceof oidc.ClientError && typeof error.code === 'string' && (error.code === 'OAUTH_INVALID_RESPONSE' || error.code.endsWith('COMPARISON_FAILED'));
}

export function reportUnexpectedSocialFailure(error: unknown, provider: string): void {
  if (!isExpectedRefusal(error)) void reportError(error, { socialProvider: provider });
}
