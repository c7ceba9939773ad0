// spec 1 and 7: social login with Google and Facebook (authorization code flow with state, PKCE and,
// for OpenID providers, a nonce). The start route sends the browser to the provider; the provider
// sends it back to callback/{provider}, where the code becomes a verified identity and a session.
import 'server-only';
import { z } from 'zod';
import * as oidc from 'openid-client';
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../http/errors';
import { requestOrigin } from '../../whitelabel/request-origin';
import { userForIdentity, type OutsideIdentity } from '../accounts';
import { completeSignIn, signedInRedirect, validRedirectUri } from '../sign-in';
import { providerConfiguration } from './client';
import { reportUnexpectedSocialFailure, socialFailedRedirect, SocialSignInRefused } from './failure';
import { clearedSocialFlowCookie, readSocialFlow, socialFlowCookie } from './flow';
import { socialProvider, type OAuthProvider, type SocialProvider } from './providers';

export const socialCallbackPath = (id: string) => `/api/callback/${id}`;

function configuredProvider(id: string): SocialProvider {
  const p = socialProvider(id);
  if (!p) throw notFound('This sign-in method is not available');
  return p;
}

/** GET /api/auth/social/{provider}: remember state, PKCE verifier, nonce and redirect_uri; off to the provider. */
export async function startSocialSignIn(db: DbOrTx, request: Request, providerId: string, rawRedirectUri: string | null | undefined): Promise<Response> {
  const p = configuredProvider(providerId);
  const redirectUri = await validRedirectUri(db, request, rawRedirectUri);
  try {
    const config = await providerConfiguration(p);
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = p.kind === 'oidc' ? oidc.randomNonce() : null;
    const callbackUrl = new URL(socialCallbackPath(p.id), await requestOrigin(request)).toString();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: callbackUrl,
      scope: p.scope,
      response_type: 'code',
      state,
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      ...(nonce ? { nonce } : {}),
    });
    const cookie = await socialFlowCookie(request, { provider: p.id, state, codeVerifier, nonce, redirectUri, callbackUrl });
    return new Response(null, { status: 302, headers: { location: url.toString(), 'set-cookie': cookie, 'cache-control': 'no-store' } });
  } catch (error) {
    // the provider cannot be reached or described itself wrongly: the person can still use another method
    reportUnexpectedSocialFailure(error, p.id);
    return socialFailedRedirect(request, redirectUri);
  }
}

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);

async function openIdIdentity(p: SocialProvider, config: oidc.Configuration, tokens: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers): Promise<OutsideIdentity> {
  const claims = tokens.claims();
  if (!claims) throw new SocialSignInRefused('The provider sent no ID token');
  let profile: Record<string, unknown> = { ...claims };
  // providers may keep email and name out of the ID token; their userinfo answers for the same subject
  if (!text(claims.email) && config.serverMetadata().userinfo_endpoint) profile = { ...profile, ...(await oidc.fetchUserInfo(config, tokens.access_token, claims.sub)) };
  const fullName = text(profile.name) ?? ([text(profile.given_name), text(profile.family_name)].filter(Boolean).join(' ') || null);
  // older Google tokens carried the string "true"
  const emailVerified = profile.email_verified === true || profile.email_verified === 'true';
  return { provider: p.id, subject: claims.sub, email: text(profile.email)?.toLowerCase() ?? null, emailVerified, full_name: fullName };
}

// Facebook's Graph API /me?fields=id,name,email
const GraphProfileSchema = z.object({ id: z.union([z.string().min(1), z.number()]).transform(String), name: z.string().optional(), email: z.string().optional() });

async function graphIdentity(p: OAuthProvider, config: oidc.Configuration, accessToken: string): Promise<OutsideIdentity> {
  const response = await oidc.fetchProtectedResource(config, accessToken, new URL(p.userinfoUrl), 'GET');
  if (!response.ok) throw new Error(`${p.id} profile answered ${response.status}`);
  const me = GraphProfileSchema.parse(await response.json());
  // the Graph API does not say whether the email was confirmed: it never links to an existing account
  return { provider: p.id, subject: me.id, email: text(me.email)?.toLowerCase() ?? null, emailVerified: false, full_name: text(me.name) };
}

/** GET /api/callback/{provider}: check the flow, exchange the code, sign in. Every failure goes back to the sign-in page. */
export async function finishSocialSignIn(db: DbOrTx, request: Request, providerId: string): Promise<Response> {
  const p = configuredProvider(providerId);
  const flow = await readSocialFlow(request);
  const cleared = [clearedSocialFlowCookie(request)];
  try {
    if (!flow || flow.provider !== p.id) throw new SocialSignInRefused('No sign-in was started in this browser');
    const config = await providerConfiguration(p);
    // the code travels in our callback URL's query; the token request repeats the callback URL the provider saw
    const currentUrl = new URL(flow.callbackUrl);
    currentUrl.search = new URL(request.url).search;
    const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
      expectedState: flow.state,
      pkceCodeVerifier: flow.codeVerifier,
      ...(p.kind === 'oidc' ? { expectedNonce: flow.nonce ?? undefined, idTokenExpected: true } : {}),
    });
    const identity = p.kind === 'oidc' ? await openIdIdentity(p, config, tokens) : await graphIdentity(p, config, tokens.access_token);
    const { user } = await userForIdentity(db, identity);
    const done = await completeSignIn(db, request, user.id, { redirectUri: flow.redirectUri });
    const response = await signedInRedirect(request, done);
    for (const c of cleared) response.headers.append('set-cookie', c);
    return response;
  } catch (error) {
    reportUnexpectedSocialFailure(error, p.id);
    return socialFailedRedirect(request, flow?.redirectUri ?? null, cleared);
  }
}
