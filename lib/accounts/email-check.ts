// spec 7 POST admin/verify: does this email have an account. The sign-up form already answers 'The email id has
// already been taken.' for a used email, so a yes/no tells no more; never a name, id, phone or provider. Limited per
// client address like sign-up itself, so the check is no cheaper a way to test many addresses.
import 'server-only';
import type { DbOrTx } from '../db/client';
import { findUserByEmail } from '../auth/accounts';
import { rateLimited } from '../http/errors';
import { clientIp, hitRateLimit } from '../security/rate-limit';
import { EMAIL_CHECK_LIMIT_PER_IP } from '../constants/security/limits';

export const EMAIL_CHECK_TOO_MANY = 'Too many checks from this network. Please try again later.';

export async function emailHasAccount(db: DbOrTx, request: Request, email: string): Promise<{ exists: boolean }> {
  const limit = await hitRateLimit(db, `email-check:ip:${clientIp(request)}`, EMAIL_CHECK_LIMIT_PER_IP);
  if (!limit.allowed) throw rateLimited(EMAIL_CHECK_TOO_MANY);
  return { exists: (await findUserByEmail(db, email)) !== null };
}
