// spec 7 POST push notifications ("profile push"): a browser's Web Push subscription, kept by its endpoint and linked to
// whoever is signed in on it, with the profile fields the page pushes alongside (phone_1, extension), which go through
// the profile's own rule and save (lib/portfolio/profile.ts): both are stored in one transaction or neither is.
import 'server-only';
import { eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { pushSubscriptions } from '../db/schema';
import { rateLimited, unauthenticated } from '../http/errors';
import { parseWith } from '../http/validation';
import { signedInUser } from '../auth/session';
import { updateProfile } from '../portfolio/profile';
import { clientIp, hitRateLimit } from '../security/rate-limit';
import { ProfileSchema } from '../validation/profile';
import type { ProfilePushInput } from '../validation/account-utilities';
import { PUSH_USER_AGENT_MAX } from '../constants/notifications';
import { PUSH_SUBSCRIBE_LIMIT_PER_IP } from '../constants/security/limits';

export const PUSH_SIGN_IN_FOR_PROFILE = 'Please sign in to save your number';
const TOO_MANY = 'Too many subscriptions from this network. Please try again later.';

export interface StoredProfilePush {
  /** true when this endpoint was new to us */
  created: boolean;
  endpoint: string;
  /** whether the subscription belongs to the signed-in account (a signed-out browser's is anonymous) */
  linked: boolean;
  /** the profile's phone fields after the save, when some were sent */
  profile: { phone_1: string | null; extension: string | null } | null;
}

/** Stores (or refreshes) the subscription and the profile fields sent with it. */
export async function receiveProfilePush(db: Db, request: Request, input: ProfilePushInput): Promise<StoredProfilePush> {
  if (!(await hitRateLimit(db, `push-subscribe:ip:${clientIp(request)}`, PUSH_SUBSCRIBE_LIMIT_PER_IP)).allowed) throw rateLimited(TOO_MANY);
  const user = await signedInUser(db, request);
  const profileFields = Object.fromEntries(Object.entries({ phone_1: input.phone_1, extension: input.extension }).filter(([, v]) => v !== undefined));
  const hasProfile = Object.keys(profileFields).length > 0;
  if (hasProfile && !user) {
    // spec 5: a bad number is named first; a good one still needs an account to be saved on
    parseWith(ProfileSchema, profileFields);
    throw unauthenticated(PUSH_SIGN_IN_FOR_PROFILE);
  }
  const userAgent = request.headers.get('user-agent')?.slice(0, PUSH_USER_AGENT_MAX) || null;
  return db.transaction(async (tx) => {
    // the profile's own rule (spec 5: the Indian mobile pattern for +91, the stored dialling code when none is sent)
    const account = hasProfile && user ? await updateProfile(tx, user.id, profileFields) : null;
    const now = new Date();
    const [row] = await tx
      .insert(pushSubscriptions)
      .values({ endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth, user_id: user?.id ?? null, user_agent: userAgent })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        // a browser subscribing again proves the endpoint alive (new keys, and the account signed in on it now)
        set: { p256dh: input.keys.p256dh, auth: input.keys.auth, user_id: user?.id ?? null, user_agent: userAgent, gone_at: null, updated_at: now },
      })
      .returning({ endpoint: pushSubscriptions.endpoint, user_id: pushSubscriptions.user_id, created: sql<boolean>`(xmax = 0)` });
    return {
      created: row.created,
      endpoint: row.endpoint,
      linked: row.user_id !== null,
      profile: account ? { phone_1: account.phone_1, extension: account.extension } : null,
    };
  });
}

/** DELETE push notifications: forgets the subscription with this endpoint; false when there was none. */
export async function removePushSubscription(db: DbOrTx, endpoint: string): Promise<boolean> {
  const removed = await db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint)).returning({ id: pushSubscriptions.id });
  return removed.length > 0;
}
