// The signed-in visitor, from the sealed u_auth cookie (iron-session). Issue 5 writes it; here we only read it.
import 'server-only';
import { eq } from 'drizzle-orm';
import { sealData, unsealData } from 'iron-session';
import type { DbOrTx } from '../db/client';
import { users } from '../db/schema';
import { unauthenticated } from '../http/errors';
import { AUTH_COOKIE_DAYS, AUTH_COOKIE_NAME, DAY_MS } from '../constants';
import { cookieValue } from '../http/cookies';
import { sessionSecret } from '../security/session-secret';

export interface SessionData {
  userId: number;
  /** users.session_version when sealed: bumping it ends every session of that user */
  version: number;
}

const TTL_S = (AUTH_COOKIE_DAYS * DAY_MS) / 1000;

export async function sealSession(data: SessionData): Promise<string> {
  return sealData(data, { password: sessionSecret(), ttl: TTL_S });
}

export async function readSession(request: Request): Promise<SessionData | null> {
  const sealed = cookieValue(request, AUTH_COOKIE_NAME);
  if (!sealed) return null;
  try {
    const data = await unsealData<Partial<SessionData>>(sealed, { password: sessionSecret(), ttl: TTL_S });
    return typeof data.userId === 'number' ? { userId: data.userId, version: data.version ?? 1 } : null;
  } catch {
    return null;
  }
}

/** The user behind the session cookie, if the session is still current. */
export async function signedInUser(db: DbOrTx, request: Request) {
  const session = await readSession(request);
  if (!session) return null;
  const [user] = await db.select({ id: users.id, full_name: users.full_name, session_version: users.session_version }).from(users).where(eq(users.id, session.userId)).limit(1);
  // a bumped session_version (logout everywhere, password reset) ends older cookies
  return user && user.session_version === session.version ? user : null;
}

export async function requireUser(db: DbOrTx, request: Request, message = 'Please sign in to continue') {
  const user = await signedInUser(db, request);
  if (!user) throw unauthenticated(message);
  return user;
}
