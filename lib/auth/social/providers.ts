// spec 1: social login with two providers. A provider is offered only when its client is configured.
import { env } from '../../env';

export const SOCIAL_PROVIDERS = ['google', 'facebook'] as const;
export type SocialProviderId = (typeof SOCIAL_PROVIDERS)[number];

export const isSocialProviderId = (value: string): value is SocialProviderId => (SOCIAL_PROVIDERS as readonly string[]).includes(value);

interface ProviderClient {
  id: SocialProviderId;
  /** the provider's name as shown on its button (a brand, not translated) */
  label: string;
  clientId: string;
  clientSecret: string;
}

/** An OpenID provider found by discovery: identity from the ID token (and userinfo). */
export interface OidcProvider extends ProviderClient {
  kind: 'oidc';
  issuer: string;
  scope: string;
}

/** A plain OAuth 2.0 provider (Facebook's Graph API): identity from its profile endpoint. */
export interface OAuthProvider extends ProviderClient {
  kind: 'oauth';
  issuer: string;
  authorizationUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
  scope: string;
}

export type SocialProvider = OidcProvider | OAuthProvider;

const OIDC_SCOPE = 'openid email profile';
const FACEBOOK_GRAPH_SCOPE = 'email public_profile';

export function socialProvider(id: string): SocialProvider | null {
  const e = env();
  if (id === 'google' && e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET) {
    return { id, kind: 'oidc', label: 'Google', clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET, issuer: e.GOOGLE_ISSUER, scope: OIDC_SCOPE };
  }
  if (id === 'facebook' && e.FACEBOOK_CLIENT_ID && e.FACEBOOK_CLIENT_SECRET) {
    const client = { id, label: 'Facebook', clientId: e.FACEBOOK_CLIENT_ID, clientSecret: e.FACEBOOK_CLIENT_SECRET } as const;
    if (e.FACEBOOK_ISSUER) return { ...client, kind: 'oidc', issuer: e.FACEBOOK_ISSUER, scope: OIDC_SCOPE };
    return {
      ...client,
      kind: 'oauth',
      // no discovery document: the authorization server is named by its origin (checked against an `iss` it may send back)
      issuer: new URL(e.FACEBOOK_AUTHORIZATION_URL).origin,
      authorizationUrl: e.FACEBOOK_AUTHORIZATION_URL,
      tokenUrl: e.FACEBOOK_TOKEN_URL,
      userinfoUrl: e.FACEBOOK_USERINFO_URL,
      scope: FACEBOOK_GRAPH_SCOPE,
    };
  }
  return null;
}

export interface SocialProviderLink {
  id: SocialProviderId;
  label: string;
  /** our start route; the sign-in page adds redirect_uri */
  startPath: string;
}

export const socialStartPath = (id: SocialProviderId, redirectUri?: string | null) =>
  `/api/auth/social/${id}${redirectUri ? `?${new URLSearchParams({ redirect_uri: redirectUri })}` : ''}`;

/** The providers the sign-in page offers, in display order. */
export function configuredSocialProviders(): SocialProviderLink[] {
  return SOCIAL_PROVIDERS.map((id) => socialProvider(id))
    .filter((p): p is SocialProvider => p !== null)
    .map((p) => ({ id: p.id, label: p.label, startPath: socialStartPath(p.id) }));
}

/** Google One Tap needs Google's own script and keys: offered only when Google itself is the configured issuer. */
export function googleOneTapClientId(): string | null {
  const google = socialProvider('google');
  return google && new URL(google.issuer).hostname === 'accounts.google.com' ? google.clientId : null;
}
