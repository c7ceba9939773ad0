// What a social sign-in must remember between our start route and the provider's callback: kept in
// a short-lived sealed httpOnly cookie, so the server stores nothing and a forged callback fails.
import 'server-only';
import { sealData, unsealData } from 'iron-session';
import { SOCIAL_FLOW_COOKIE, SOCIAL_FLOW_TTL_S } from '../../constants/auth';
import { cookieValue, isHttps, setCookieHeader } from '../../http/cookies';
import { sessionSecret } from '../../security/session-secret';
import { isSocialProviderId, type SocialProviderId } from './providers';

export interface SocialFlow {
  provider: SocialProviderId;
  state: string;
  codeVerifier: string;
  /** OpenID providers only */
  nonce: string | null;
  /** already validated at the start route; null means "by role" */
  redirectUri: string | null;
  /** our callback URL as sent to the provider (the token request must repeat it exactly) */
  callbackUrl: string;
}

export async function socialFlowCookie(request: Request, flow: SocialFlow): Promise<string> {
  const sealed = await sealData(flow, { password: sessionSecret(), ttl: SOCIAL_FLOW_TTL_S });
  return setCookieHeader(SOCIAL_FLOW_COOKIE, sealed, { maxAgeS: SOCIAL_FLOW_TTL_S, secure: isHttps(request) });
}

/** The flow this browser started, or null when absent, expired or tampered with. */
export async function readSocialFlow(request: Request): Promise<SocialFlow | null> {
  const sealed = cookieValue(request, SOCIAL_FLOW_COOKIE);
  if (!sealed) return null;
  try {
    const f = await unsealData<Partial<SocialFlow>>(sealed, { password: sessionSecret(), ttl: SOCIAL_FLOW_TTL_S });
    if (typeof f.provider !== 'string' || !isSocialProviderId(f.provider) || typeof f.state !== 'string' || typeof f.codeVerifier !== 'string' || typeof f.callbackUrl !== 'string') return null;
    return { provider: f.provider, state: f.state, codeVerifier: f.codeVerifier, nonce: f.nonce ?? null, redirectUri: f.redirectUri ?? null, callbackUrl: f.callbackUrl };
  } catch {
    return null;
  }
}

/** A flow is single-use: the callback clears it whatever the outcome. */
export const clearedSocialFlowCookie = (request: Request) => setCookieHeader(SOCIAL_FLOW_COOKIE, '', { maxAgeS: 0, secure: isHttps(request) });
