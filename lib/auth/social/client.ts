// openid-client configurations for the social providers: found by discovery (OpenID) or built from
// configured endpoints (Facebook's Graph API), cached for a while, plain http only on loopback.
import 'server-only';
import * as oidc from 'openid-client';
import { SOCIAL_DISCOVERY_CACHE_MS, SOCIAL_PROVIDER_TIMEOUT_MS } from '../../constants/auth';
import type { SocialProvider } from './providers';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/** Test and demo providers run on http://127.0.0.1; anything else must be https. */
export function isLoopbackHttp(url: string): boolean {
  const u = new URL(url);
  return u.protocol === 'http:' && LOOPBACK_HOSTS.has(u.hostname);
}

const cache = new Map<string, { at: number; config: Promise<oidc.Configuration> }>();

async function buildConfiguration(p: SocialProvider): Promise<oidc.Configuration> {
  const auth = oidc.ClientSecretPost(p.clientSecret);
  const timeoutS = SOCIAL_PROVIDER_TIMEOUT_MS / 1000;
  if (p.kind === 'oidc') {
    return oidc.discovery(new URL(p.issuer), p.clientId, undefined, auth, {
      timeout: timeoutS,
      execute: isLoopbackHttp(p.issuer) ? [oidc.allowInsecureRequests] : [],
    });
  }
  const config = new oidc.Configuration({ issuer: p.issuer, authorization_endpoint: p.authorizationUrl, token_endpoint: p.tokenUrl }, p.clientId, undefined, auth);
  config.timeout = timeoutS;
  if ([p.tokenUrl, p.userinfoUrl].every(isLoopbackHttp)) oidc.allowInsecureRequests(config);
  return config;
}

/** The provider's client configuration; a failed discovery is retried on the next sign-in. */
export function providerConfiguration(p: SocialProvider, now = Date.now()): Promise<oidc.Configuration> {
  const key = JSON.stringify(p);
  const hit = cache.get(key);
  if (hit && now - hit.at < SOCIAL_DISCOVERY_CACHE_MS) return hit.config;
  const config = buildConfiguration(p);
  cache.set(key, { at: now, config });
  config.catch(() => {
    if (cache.get(key)?.config === config) cache.delete(key);
  });
  return config;
}
