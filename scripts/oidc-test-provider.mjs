#!/usr/bin/env node
// A real OpenID provider (oidc-provider) on loopback for tests and e2e: two clients (google-like
// and facebook-like) and one test account that is signed in and consents automatically, so a
// test can follow redirects from our start route to our callback without any login page.
//
//   node scripts/oidc-test-provider.mjs --port 4455 [--app-origin http://localhost:3200,...] [--email ...] [--exit-with-parent]
//
// Prints `OIDC test provider issuer: http://127.0.0.1:<port>` once it listens; serves until killed.
// Clients: sahyog-google / google-test-secret and sahyog-facebook / facebook-test-secret, each
// allowed to return to <app-origin>/api/callback/{google,facebook}.
// Besides the OpenID endpoints it answers GET /graph/me (bearer token) like Facebook's Graph API
// (id, name, email), for the plain-OAuth Facebook configuration.
import crypto from 'node:crypto';
import http from 'node:http';
import { parseArgs } from 'node:util';
import Provider from 'oidc-provider';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    host: { type: 'string', default: '127.0.0.1' },
    'app-origin': { type: 'string', default: 'http://localhost,http://localhost:3000,http://localhost:3200,http://127.0.0.1:3000,http://127.0.0.1:3200' },
    email: { type: 'string', default: 'oidc.tester@example.com' },
    name: { type: 'string', default: 'Oidc Tester' },
    // a test that spawns us keeps our stdin open; when it dies, we go too
    'exit-with-parent': { type: 'boolean', default: false },
  },
});

const ACCOUNT = { sub: 'oidc-tester-1', email: values.email, email_verified: true, name: values.name, given_name: values.name.split(' ')[0], family_name: values.name.split(' ').slice(1).join(' ') };
const GRAPH_RESOURCE = 'urn:test:graph';
const origins = values['app-origin'].split(',').map((o) => o.trim().replace(/\/$/, '')).filter(Boolean);
const redirectUris = (provider) => origins.map((o) => `${o}/api/callback/${provider}`);

const server = http.createServer();
await new Promise((resolve) => server.listen(Number(values.port), values.host, resolve));
const issuer = `http://${values.host}:${server.address().port}`;

const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
const signingKey = { ...privateKey.export({ format: 'jwk' }), kid: crypto.randomUUID(), use: 'sig', alg: 'RS256' };

const provider = new Provider(issuer, {
  clients: [
    { client_id: 'sahyog-google', client_secret: 'google-test-secret', redirect_uris: redirectUris('google'), token_endpoint_auth_method: 'client_secret_post' },
    { client_id: 'sahyog-facebook', client_secret: 'facebook-test-secret', redirect_uris: redirectUris('facebook'), token_endpoint_auth_method: 'client_secret_post' },
  ],
  jwks: { keys: [signingKey] },
  cookies: { keys: [crypto.randomBytes(32).toString('base64url')] },
  claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'given_name', 'family_name'] },
  scopes: ['openid', 'offline_access', 'public_profile'],
  features: {
    devInteractions: { enabled: false },
    // a Graph-like API for requests without `openid` (Facebook's plain OAuth)
    resourceIndicators: {
      enabled: true,
      defaultResource: (ctx) => (ctx.oidc.params?.scope?.split(' ').includes('openid') ? undefined : GRAPH_RESOURCE),
      getResourceServerInfo: () => ({ scope: 'email public_profile', accessTokenFormat: 'opaque' }),
      useGrantedResource: () => true,
    },
  },
  interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
  async findAccount(_ctx, id) {
    if (id !== ACCOUNT.sub) return undefined;
    return { accountId: id, claims: () => ({ ...ACCOUNT }) };
  },
  pkce: { required: () => true },
  ttl: { Interaction: 600, Session: 600, Grant: 600 },
});

// the test account signs in and agrees to everything asked, without a page
async function autoApprove(req, res) {
  const { prompt, params, session, grantId } = await provider.interactionDetails(req, res);
  if (prompt.name === 'login') {
    return provider.interactionFinished(req, res, { login: { accountId: ACCOUNT.sub } }, { mergeWithLastSubmission: false });
  }
  const grant = grantId ? await provider.Grant.find(grantId) : new provider.Grant({ accountId: session.accountId, clientId: params.client_id });
  const { details } = prompt;
  if (details.missingOIDCScope) grant.addOIDCScope(details.missingOIDCScope.join(' '));
  if (details.missingOIDCClaims) grant.addOIDCClaims(details.missingOIDCClaims);
  for (const [indicator, scopes] of Object.entries(details.missingResourceScopes ?? {})) grant.addResourceScope(indicator, scopes.join(' '));
  return provider.interactionFinished(req, res, { consent: { grantId: await grant.save() } }, { mergeWithLastSubmission: true });
}

async function graphMe(req, res) {
  const token = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
  const accessToken = token ? await provider.AccessToken.find(token) : undefined;
  if (!accessToken || accessToken.accountId !== ACCOUNT.sub) {
    res.writeHead(401, { 'content-type': 'application/json' });
    return res.end(JSON.stringify({ error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 } }));
  }
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ id: ACCOUNT.sub, name: ACCOUNT.name, email: ACCOUNT.email }));
}

const oidc = provider.callback();
server.on('request', (req, res) => {
  const path = new URL(req.url ?? '/', issuer).pathname;
  const done = (e) => {
    console.error(e);
    if (!res.headersSent) res.writeHead(500);
    res.end();
  };
  if (req.method === 'GET' && path.startsWith('/interaction/')) return void autoApprove(req, res).catch(done);
  if (req.method === 'GET' && path === '/graph/me') return void graphMe(req, res).catch(done);
  oidc(req, res);
});

console.log(`OIDC test provider issuer: ${issuer}`);
// nothing to flush: exit at once rather than wait for browsers' keep-alive connections
const stop = () => process.exit(0);
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
if (values['exit-with-parent']) {
  process.stdin.on('close', stop);
  process.stdin.resume();
}
