// Single-use, expiring tokens sent in links: password reset and sign-in-by-link (auto-login).
// Only their hash is stored; using one marks it used in the same statement that checks it.
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { authTokens } from '../db/schema';
import { AUTOLOGIN_LINK_TTL_MS } from '../constants/auth';
import { hashToken, randomToken } from './tokens';

export type LinkTokenKind = 'password_reset' | 'autologin';

export async function issueLinkToken(db: DbOrTx, userId: number, kind: LinkTokenKind, ttlMs: number, now = new Date()): Promise<string> {
  const token = randomToken();
  await db.insert(authTokens).values({ user_id: userId, kind, token_hash: hashToken(token), expires_at: new Date(now.getTime() + ttlMs) });
  return token;
}

/** The user id behind a token that is of this kind, unexpired, unrevoked and unused; it is used from now on. */
export async function spendLinkToken(db: DbOrTx, token: string, kind: LinkTokenKind, now = new Date()): Promise<number | null> {
  const [row] = await db
    .update(authTokens)
    .set({ used_at: now })
    .where(and(eq(authTokens.token_hash, hashToken(token)), eq(authTokens.kind, kind), isNull(authTokens.used_at), isNull(authTokens.revoked_at), gt(authTokens.expires_at, now)))
    .returning({ userId: authTokens.user_id });
  return row?.userId ?? null;
}

/** A sign-in link for emails we send: it opens the sign-in page, which posts the token (mail scanners only GET). */
export async function autologinLink(db: DbOrTx, userId: number, origin: string, redirectUri = '/portfolio'): Promise<string> {
  const token = await issueLinkToken(db, userId, 'autologin', AUTOLOGIN_LINK_TTL_MS);
  return `${origin}/new/signin?${new URLSearchParams({ autologin_token: token, redirect_uri: redirectUri })}`;
}
