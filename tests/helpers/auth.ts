// Signing a test user in through the product's own session code (a real token row, a real sealed cookie).
import type { Db, DbOrTx } from '@/lib/db/client';
import { startSession } from '@/lib/auth/session';
import { makeUser } from '../factories';

/** The Cookie header of a browser signed in as this user, and the bearer token behind it. */
export async function signedIn(db: DbOrTx, userId: number): Promise<{ cookie: string; token: string }> {
  const session = await startSession(db, userId, new Request('http://localhost/'));
  const cookie = session.cookies.map((c) => c.split(';')[0]).join('; ');
  return { cookie, token: session.token };
}

/** Just the Cookie header. */
export const sessionCookie = async (db: DbOrTx, userId: number) => (await signedIn(db, userId)).cookie;

/** A new user, signed in: their row, the bearer header an API client sends, and the browser's Cookie header. */
export async function signedInPerson(db: Db, name: string) {
  const u = await makeUser(db, name);
  const { token, cookie } = await signedIn(db, u.id);
  return { ...u, auth: { authorization: `Bearer ${token}` }, cookie };
}

/** The Cookie header a browser sends after this answer (e.g. the checkout access a cart's answer sets): a cookie it set replaces the one of that name. */
export function cookiesFrom(headers: Headers, before = ''): string {
  const jar = new Map<string, string>();
  for (const pair of [...before.split(';'), ...headers.getSetCookie().map((c) => c.split(';')[0])]) {
    const name = pair.split('=')[0].trim();
    if (name) jar.set(name, pair.trim());
  }
  return [...jar.values()].join('; ');
}
