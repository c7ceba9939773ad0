// An impostor opens an account with a password under someone else's email or phone; once the owner proves
// it, the impostor's password, u_auth cookie and bearer token must all have stopped working.
import { eq } from 'drizzle-orm';
import { POST as signupRoute } from '@/app/api/users/route';
import { POST as loginRoute } from '@/app/api/auth/login/route';
import { GET as sessionRoute } from '@/app/api/auth/session/route';
import { users } from '@/lib/db/schema';
import type { Db } from '@/lib/db/client';
import { call } from './db';

export const IMPOSTOR_PASSWORD = 'Impostor1pass';
let seq = 0;

const post = (body: unknown) => ({
  method: 'POST',
  body: JSON.stringify(body),
  headers: { 'content-type': 'application/json', origin: 'http://localhost', 'x-sahyog-client-address': `10.62.${process.pid % 250}.${++seq % 250}` },
});

const cookiesOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .filter((c) => !c.endsWith('='))
    .join('; ');

export interface Impostor {
  id: number;
  email: string;
  cookie: string;
  bearer: { authorization: string };
}

/** Someone signs up with a password under the contact: their account, browser cookie and bearer token. */
export async function impostorSignsUp(over: { email_id: string; phone_1?: string }): Promise<Impostor> {
  const res = await call(signupRoute, '/api/users', {}, post({ password: IMPOSTOR_PASSWORD, full_name: 'Im Poster', extension: '+91', ...over }));
  if (res.status !== 201) throw new Error(`sign-up answered ${res.status}: ${JSON.stringify(res.body)}`);
  return { id: res.body.data.user.id, email: over.email_id, cookie: cookiesOf(res.headers), bearer: { authorization: `Bearer ${res.body.data.token}` } };
}

export const sessionWith = (headers: Record<string, string>) => call(sessionRoute, '/api/auth/session', {}, { headers });
export const loginWithPassword = (email: string, password = IMPOSTOR_PASSWORD) => call(loginRoute, '/api/auth/login', {}, post({ email_id: email, password }));

/** The impostor's cookie signs nobody in, the bearer token answers token_expired, and the password is gone. */
export async function expectImpostorLockedOut(db: Db, impostor: Impostor): Promise<void> {
  expect((await sessionWith({ cookie: impostor.cookie })).body.data.user).toBeNull();
  const bearer = await sessionWith(impostor.bearer);
  expect([bearer.status, bearer.body.error?.code]).toEqual([401, 'token_expired']);
  expect((await loginWithPassword(impostor.email)).status).toBe(401);
  const [row] = await db.select({ password_hash: users.password_hash }).from(users).where(eq(users.id, impostor.id));
  expect(row.password_hash).toBeNull();
}

export async function expectImpostorStillIn(impostor: Impostor): Promise<void> {
  expect((await sessionWith({ cookie: impostor.cookie })).body.data.user?.id).toBe(impostor.id);
  expect((await sessionWith(impostor.bearer)).body.data.user?.id).toBe(impostor.id);
}
