// A donor stops a fundraiser's update emails with one click. The link carries the address and an HMAC of
// (fundraiser, address) under a key derived from the session secret, so nobody can unsubscribe an address they
// only guessed, and a link for one fundraiser does nothing on another. Guests give too: opt-outs are by address.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { fundraisers, updateOptOuts } from '../db/schema';
import { sessionSecret } from '../security/session-secret';
import { ApiError, notFound } from '../http/errors';
import { storyPath } from '../routes';
import { DONOR_MESSAGES } from '../validation/donors';

const normalised = (email: string) => email.trim().toLowerCase();

// a key of its own (derived, as the sandbox gateway's is): a leaked unsubscribe signature says nothing about sessions
const optOutKey = () => createHmac('sha256', sessionSecret()).update('update-opt-out').digest();
const signatureOf = (fundraiserId: number, email: string) => createHmac('sha256', optOutKey()).update(`${fundraiserId}\n${email}`).digest();

/** The token of an unsubscribe link: the address and its signature for this fundraiser. */
export function updateOptOutToken(fundraiserId: number, email: string): string {
  const address = normalised(email);
  return `${Buffer.from(address).toString('base64url')}.${signatureOf(fundraiserId, address).toString('base64url')}`;
}

/** The address a token was made for, when it was made by us for this fundraiser; otherwise null. */
export function verifyUpdateOptOutToken(fundraiserId: number, token: string): string | null {
  const [encoded, signature, extra] = token.split('.');
  if (!encoded || !signature || extra !== undefined) return null;
  const address = Buffer.from(encoded, 'base64url').toString('utf8');
  const given = Buffer.from(signature, 'base64url');
  const expected = signatureOf(fundraiserId, address);
  // the address must read back exactly as it was signed (no re-encoding tricks) and the signature must match
  if (!address.includes('@') || Buffer.from(address).toString('base64url') !== encoded) return null;
  return given.length === expected.length && timingSafeEqual(given, expected) ? address : null;
}

/** The page an update email links to (it confirms, then posts the token: mail scanners follow GET links). */
export function updateOptOutUrl(origin: string, customTag: string, fundraiserId: number, email: string): string {
  return `${origin}${storyPath(customTag)}/updates/opt-out?${new URLSearchParams({ token: updateOptOutToken(fundraiserId, email) })}`;
}

/** The addresses (lower-cased) of `emails` that still want this fundraiser's updates. */
export async function withoutOptedOut(db: DbOrTx, fundraiserId: number, emails: string[]): Promise<string[]> {
  if (!emails.length) return [];
  const rows = await db
    .select({ email: updateOptOuts.email })
    .from(updateOptOuts)
    .where(and(eq(updateOptOuts.fundraiser_id, fundraiserId), inArray(updateOptOuts.email, emails.map(normalised))));
  const out = new Set(rows.map((r) => r.email));
  return emails.filter((e) => !out.has(normalised(e)));
}

/** Records the opt-out a valid token asks for; a second click changes nothing. */
export async function recordUpdateOptOut(db: DbOrTx, fundraiserId: number, token: string): Promise<{ email: string }> {
  const email = verifyUpdateOptOutToken(fundraiserId, token);
  if (!email) throw new ApiError('validation_failed', DONOR_MESSAGES.optOutToken, { token: DONOR_MESSAGES.optOutToken });
  const [f] = await db.select({ id: fundraisers.id }).from(fundraisers).where(eq(fundraisers.id, fundraiserId));
  if (!f) throw notFound('Fundraiser not found');
  await db.insert(updateOptOuts).values({ fundraiser_id: fundraiserId, email }).onConflictDoNothing();
  return { email };
}
