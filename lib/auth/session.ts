// The signed-in visitor, from the sealed u_auth cookie (iron-session). Issue 5 writes it; here we only read it.
import 'server-only';
import { sealData, unsealData } from 'iron-session';
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
