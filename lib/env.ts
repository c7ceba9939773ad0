// Configuration, validated with zod once. Every variable is listed in the README.
import { z } from 'zod';

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  DATABASE_URL: z.string().url().optional(),
  PGLITE_DIR: z.string().default('./data/pglite'),
  DATA_DIR: z.string().default('./data'),
  SEED_ON_START: z.enum(['0', '1']).default('1'),
  SITE_URL: z.string().url().optional(),
  PRODUCT_NAME: z.string().default('Sahyog'),
  PRODUCT_DOMAINS: z.string().default('localhost,sahyog.in,www.sahyog.in'),
  HEADER_VARIANT: z.enum(['common', 'basic']).default('common'),
  CONTACT_NUMBER: z.string().optional(),
  PLATFORM_FIGURES: z.string().optional(),
  SESSION_SECRET: z.string().min(32).optional(),
  SENTRY_DSN: z.string().optional(),
  // accounts that review fundraisers before they go live (comma-separated emails), besides reviewer memberships
  REVIEWER_EMAILS: z.string().optional(),
  // the team's inbox; every lead (contact-us, referral, assistance, ...) is emailed here through the outbox
  TEAM_INBOX: z.email().default('support@sahyog.in'),
  REVALIDATE_SECRET: z.string().min(16).optional(),
  SANDBOX_GATEWAY_SECRET: z.string().min(16).optional(),
  // the built-in test gateway: '1' on, '0' off; unset, on only for the embedded demo and the tests without real keys
  SANDBOX_GATEWAY: z.enum(['0', '1']).optional(),
  // how many proxy hops in front of this server to trust for the client address: a number, or a comma list of
  // proxy addresses / subnets (proxy-addr's syntax: 'loopback', '10.0.0.0/8'); unset, the socket address is the client
  TRUST_PROXY: z.string().optional(),
  // the bearer token /metrics answers to (Prometheus's scrape); unset, /metrics is a 404
  METRICS_TOKEN: z.string().min(16).optional(),
  // '0' sends the donation path's API writes through Next's router too (server/fast-lane.ts)
  FAST_LANE: z.enum(['0', '1']).optional(),
  // '0': a web-only server, which runs no jobs (it still follows the cache bus); `npm run jobs` takes them (PostgreSQL)
  JOBS: z.enum(['0', '1']).optional(),
  // reconciliation schedule; the bench and tests shorten them, the product keeps lib/constants/jobs.ts
  RECONCILE_INTERVAL_MS: z.coerce.number().int().positive().optional(),
  /** how often the SIP charge run passes (default SIP_CHARGE_INTERVAL_MS); tests run it every few seconds */
  SIP_CHARGE_INTERVAL_MS: z.coerce.number().int().positive().optional(),
  RECONCILE_AFTER_MS: z.coerce.number().int().nonnegative().optional(),
  ORDER_EXPIRY_MS: z.coerce.number().int().positive().optional(),
  // multiplies every per-address rate limit (keys with ':ip:'); the e2e suite, all on one loopback address, raises it
  PER_ADDRESS_LIMIT_SCALE: z.coerce.number().int().positive().optional(),
  RAZORPAY_KEY_ID: z.string().optional(),
  RAZORPAY_KEY_SECRET: z.string().optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().optional(),
  RAZORPAY_API_HOST: z.string().url().optional(),
  /** Razorpay's bank transfer on Checkout is switched on per account by Razorpay: set 1 once it is */
  RAZORPAY_BANK_TRANSFER: z.enum(['0', '1']).optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_API_BASE: z.string().url().optional(),
  PUSHER_APP_ID: z.string().optional(),
  PUSHER_KEY: z.string().optional(),
  PUSHER_SECRET: z.string().optional(),
  PUSHER_CLUSTER: z.string().default('ap1'),
  PUSHER_HOST: z.string().url().optional(),
  // hCaptcha / Cloudflare Turnstile style siteverify endpoint; carts must carry a passing response when set
  CAPTCHA_SECRET: z.string().optional(),
  CAPTCHA_VERIFY_URL: z.string().url().default('https://api.hcaptcha.com/siteverify'),
  // the public site key the pages' hCaptcha widget renders with (required with CAPTCHA_SECRET)
  CAPTCHA_SITE_KEY: z.string().optional(),
  // where the widget's script comes from: hCaptcha's own unless an enterprise or self-hosted endpoint (or a test's stand-in) is named
  CAPTCHA_SCRIPT_URL: z.string().url().optional(),
  // tests shorten the VPA wait; the product keeps spec 9's 180000 ms
  VPA_PENDING_TIMEOUT_MS: z.coerce.number().int().positive().optional(),
  // email leaves the outbox through this SMTP server (smtp://user:pass@host:587, smtps://...); unset, it stays queued
  SMTP_URL: z.string().url().optional(),
  // a JSON feed of exchange rates ({ base, rates }), read every few hours into currency_rates
  CURRENCY_RATES_URL: z.string().url().optional(),
  SMTP_FROM: z.string().default('Sahyog <no-reply@sahyog.in>'),
  // SMS (one-time codes to phones) leave through this provider endpoint; unset, they stay queued
  SMS_API_URL: z.string().url().optional(),
  SMS_API_KEY: z.string().optional(),
  SMS_SENDER_ID: z.string().default('SAHYOG'),
  // '1' shows /dev/outbox even in production (the e2e server reads sign-in codes there); never set it on a public server
  DEV_OUTBOX: z.enum(['0', '1']).optional(),
  // spec 2 and 6: where people land after sign-in by role; other domains in production, our own pages by default
  NGO_DASHBOARD_URL: z.string().default('/manage/list'),
  MANAGE_URL: z.string().default(''),
  SIP_RETENTION_URL: z.string().default('/sip'),
  // Social sign-in: a provider is offered only when its client id and secret are set
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_ISSUER: z.string().url().default('https://accounts.google.com'),
  FACEBOOK_CLIENT_ID: z.string().optional(),
  FACEBOOK_CLIENT_SECRET: z.string().optional(),
  // an OpenID issuer for Facebook (discovery); unset, the Graph API endpoints below are used
  FACEBOOK_ISSUER: z.string().url().optional(),
  FACEBOOK_AUTHORIZATION_URL: z.string().url().default('https://www.facebook.com/v21.0/dialog/oauth'),
  FACEBOOK_TOKEN_URL: z.string().url().default('https://graph.facebook.com/v21.0/oauth/access_token'),
  FACEBOOK_USERINFO_URL: z.string().url().default('https://graph.facebook.com/v21.0/me?fields=id,name,email'),
  // wallet web view login (callback/paytm): the wallet's OAuth API
  PAYTM_OAUTH_BASE: z.string().url().default('https://accounts.paytm.com'),
  PAYTM_CLIENT_ID: z.string().optional(),
  PAYTM_CLIENT_SECRET: z.string().optional(),
  // caller-verification app login: the provider's RSA public key (PEM; \n escapes allowed)
  TRUECALLER_PUBLIC_KEY: z.string().optional(),
  // Media uploads: pictures go to this S3 (or S3-compatible) bucket when S3_BUCKET is set,
  // else to DATA_DIR/uploads. Without the key pair the SDK's own chain (instance role, AWS_* variables) is used.
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().optional(),
  // an S3-compatible service's endpoint (R2, MinIO); unset, AWS's own for the region
  S3_ENDPOINT: z.string().url().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  // '1' addresses the bucket in the path (endpoint/bucket/key), which MinIO and most stand-ins need
  S3_FORCE_PATH_STYLE: z.enum(['0', '1']).optional(),
  // Web Push (spec 7 push notifications): the VAPID key pair (web-push generate-vapid-keys, base64url) and
  // the contact the push services may write to (mailto: or https:); without the key pair nothing is sent
  VAPID_PUBLIC_KEY: z.string().regex(/^[A-Za-z0-9_-]{87}$/, 'a base64url P-256 public key (87 characters)').optional(),
  VAPID_PRIVATE_KEY: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'a base64url P-256 private key (43 characters)').optional(),
  VAPID_SUBJECT: z.string().regex(/^(?:mailto:\S+@\S+|https:\/\/\S+)$/, 'a mailto: address or an https: URL').optional(),
});

export type Env = z.infer<typeof EnvSchema>;

const realGatewayKeys = (e: Env) => Boolean(e.RAZORPAY_KEY_ID || e.RAZORPAY_KEY_SECRET || e.STRIPE_SECRET_KEY);

/** Whether the sandbox gateway may take payments: never beside real gateway keys (it credits donations with no money moved). */
export function sandboxGatewayEnabled(e: Env = env()): boolean {
  if (e.SANDBOX_GATEWAY) return e.SANDBOX_GATEWAY === '1';
  return !realGatewayKeys(e) && (!e.DATABASE_URL || e.NODE_ENV === 'test');
}

/**
 * Why a server or jobs worker must not start on PostgreSQL: without SESSION_SECRET each machine generates its own key,
 * and a cookie sealed on one fails on the next. The embedded database is one machine, whose generated key is kept in
 * DATA_DIR. One line, for the operator.
 */
export function missingSessionSecret(e: Env = env()): string | null {
  if (!e.DATABASE_URL || e.SESSION_SECRET) return null;
  return 'Sahyog cannot start: DATABASE_URL is set but SESSION_SECRET is not. Set SESSION_SECRET to one random string of 32 characters or more (openssl rand -base64 32), the same on every server and jobs worker.';
}

let cached: Env | undefined;

export function env(): Env {
  if (!cached) {
    const parsed = EnvSchema.safeParse(process.env);
    if (!parsed.success) {
      const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
      throw new Error(`Invalid configuration: ${problems}`);
    }
    if (parsed.data.SANDBOX_GATEWAY === '1' && realGatewayKeys(parsed.data)) {
      throw new Error('Invalid configuration: SANDBOX_GATEWAY=1 cannot run beside real gateway keys (RAZORPAY_*, STRIPE_*): the sandbox credits donations without any money moving');
    }
    if (Boolean(parsed.data.VAPID_PUBLIC_KEY) !== Boolean(parsed.data.VAPID_PRIVATE_KEY)) {
      throw new Error('Invalid configuration: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together (one without the other sends nothing)');
    }
    if (parsed.data.CAPTCHA_SECRET && !parsed.data.CAPTCHA_SITE_KEY) {
      throw new Error('Invalid configuration: CAPTCHA_SECRET needs CAPTCHA_SITE_KEY: without it no page can show the captcha, and every cart, lead, sign-up and login would be refused');
    }
    cached = parsed.data;
  }
  return cached;
}

/** Tests change process.env between cases; they call this to re-read it. */
export function resetEnvForTests(): void {
  cached = undefined;
}
