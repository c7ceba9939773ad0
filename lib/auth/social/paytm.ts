// spec 1, 4 and 7 (callback/paytm?code): sign-in inside the wallet's web view. The wallet's bridge
// gives our page an auth code; we exchange it with the wallet's OAuth API for the person's verified
// phone and sign them in. Modelled on Paytm's OAuth API (an assumption: their documents are not public
// in full): POST {base}/oauth2/v2/token with HTTP Basic client credentials and
// grant_type=authorization_code answers { access_token, resourceOwnerId }; GET
// {base}/v2/user?fetch_strategy=profile_info,phone_number,email with the same Basic credentials and
// the token in the `data` header (verification_type: oauth_token) answers { id, email,
// phoneInfo: { phoneNumber, countryCode }, profileInfo: { displayName, firstName, lastName } }.
import 'server-only';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { env } from '../../env';
import { SOCIAL_PROVIDER_TIMEOUT_MS } from '../../constants/auth';
import { ApiError, notFound } from '../../http/errors';
import { trimPhone } from '../../validation/people';
import { userForIdentity, type OutsideIdentity } from '../accounts';
import { completeSignIn, type CompletedSignIn } from '../sign-in';

export const WALLET_MESSAGES = {
  badCode: 'The wallet sign-in code is invalid or has expired. Please try again',
  unavailable: 'The wallet could not confirm your sign-in. Please try again',
  timeout: 'The wallet did not answer in time. Please try again',
} as const;

const INDIAN_PHONE_DIGITS = 10;

interface WalletClient {
  base: string;
  clientId: string;
  clientSecret: string;
}

/** 404 unless the wallet's client is configured. */
export function requireWalletLogin(): void {
  if (!walletClient()) throw notFound('This sign-in method is not available');
}

function walletClient(): WalletClient | null {
  const { PAYTM_OAUTH_BASE, PAYTM_CLIENT_ID, PAYTM_CLIENT_SECRET } = env();
  return PAYTM_CLIENT_ID && PAYTM_CLIENT_SECRET ? { base: PAYTM_OAUTH_BASE.replace(/\/$/, ''), clientId: PAYTM_CLIENT_ID, clientSecret: PAYTM_CLIENT_SECRET } : null;
}

const TokenAnswer = z.object({ access_token: z.string().min(1), resourceOwnerId: z.union([z.string(), z.number()]).optional() });
const ProfileAnswer = z.object({
  id: z.union([z.string(), z.number()]).optional(),
  email: z.string().optional().nullable(),
  phoneInfo: z.object({ phoneNumber: z.string().optional().nullable(), countryCode: z.string().optional().nullable() }).optional().nullable(),
  profileInfo: z.object({ displayName: z.string().optional().nullable(), firstName: z.string().optional().nullable(), lastName: z.string().optional().nullable() }).optional().nullable(),
});

async function walletCall(url: string, init: RequestInit, timeoutMs: number): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    // fetch rejects with a DOMException named TimeoutError (not always an instance of this realm's Error)
    const name = (error as { name?: unknown } | null)?.name;
    const timedOut = name === 'TimeoutError' || name === 'AbortError';
    throw new ApiError('gateway_error', timedOut ? WALLET_MESSAGES.timeout : WALLET_MESSAGES.unavailable);
  }
}

async function jsonOf<S extends z.ZodType>(response: Response, schema: S): Promise<z.infer<S>> {
  const parsed = schema.safeParse(await response.json().catch(() => null));
  if (!parsed.success) throw new ApiError('gateway_error', WALLET_MESSAGES.unavailable);
  return parsed.data;
}

/** The wallet's verified account behind an auth code. A refused code is 401; the wallet failing is 502. */
export async function walletIdentityForCode(code: string, opts: { timeoutMs?: number } = {}): Promise<OutsideIdentity> {
  const client = walletClient();
  if (!client) throw notFound('This sign-in method is not available');
  const timeoutMs = opts.timeoutMs ?? SOCIAL_PROVIDER_TIMEOUT_MS;
  const basic = `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64')}`;

  const tokenResponse = await walletCall(
    `${client.base}/oauth2/v2/token`,
    {
      method: 'POST',
      headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({ grant_type: 'authorization_code', code, client_id: client.clientId, scope: 'paytm' }),
    },
    timeoutMs,
  );
  // 4xx: the code is wrong, used or expired (the person can start again); anything else is the wallet's trouble
  if (tokenResponse.status >= 400 && tokenResponse.status < 500) throw new ApiError('unauthenticated', WALLET_MESSAGES.badCode);
  if (!tokenResponse.ok) throw new ApiError('gateway_error', WALLET_MESSAGES.unavailable);
  const token = await jsonOf(tokenResponse, TokenAnswer);

  const profileResponse = await walletCall(
    `${client.base}/v2/user?fetch_strategy=profile_info,phone_number,email`,
    { headers: { authorization: basic, verification_type: 'oauth_token', data: token.access_token, accept: 'application/json' } },
    timeoutMs,
  );
  if (!profileResponse.ok) throw new ApiError('gateway_error', WALLET_MESSAGES.unavailable);
  const profile = await jsonOf(profileResponse, ProfileAnswer);

  const subject = String(profile.id ?? token.resourceOwnerId ?? '');
  const phone = profile.phoneInfo?.phoneNumber ? trimPhone(profile.phoneInfo.phoneNumber) : '';
  if (!subject || phone.length !== INDIAN_PHONE_DIGITS) throw new ApiError('gateway_error', WALLET_MESSAGES.unavailable);
  const info = profile.profileInfo;
  const fullName = info?.displayName?.trim() || [info?.firstName, info?.lastName].filter(Boolean).join(' ').trim() || null;
  // the wallet verifies the phone (its login), not the email: only the phone may find an existing account
  return { provider: 'paytm', subject, phone, email: profile.email?.trim().toLowerCase() || null, emailVerified: false, full_name: fullName };
}

/** GET /api/callback/paytm?code: the wallet's person signed in; `created` answers spec 7's user_exists flag. */
export async function walletSignIn(db: DbOrTx, request: Request, code: string, redirectUri?: string | null): Promise<{ done: CompletedSignIn; created: boolean }> {
  const identity = await walletIdentityForCode(code);
  const { user, created } = await userForIdentity(db, identity, { linkByPhone: true });
  return { done: await completeSignIn(db, request, user.id, { redirectUri }), created };
}
