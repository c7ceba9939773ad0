// spec 4 and 6: after sign-in, a valid redirect_uri wins; otherwise the user's role decides.
import { and, count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { fundraisers, subscriptions, users } from '../db/schema';
import { ACTIVE_SIP_STATUS_FLAGS, INACTIVE_USER_SIP_STATUS_FLAGS } from '../constants/sip';
import { runningSql } from '../fundraisers/status-sql';
import { managedBySql } from '../permissions/can';
import { HOME_PATH } from './redirect';

export interface AccountFacts {
  entity_type: 'individual' | 'ngo';
  is_hospital: boolean;
  activeCampaigns: number;
  /** status_flag of each of the user's subscriptions */
  sipStatusFlags: number[];
}

export interface RoleDestinations {
  ngoDashboard: string;
  manageUrl: string;
  sipRetentionUrl: string;
}

export type SipState = 'active' | 'inactive' | 'none';

/** spec 4: status 1, 2, 4, 5 are an active SIP; 2, 4 and 5 belong on the inactive-user page. */
export function sipState(statusFlags: readonly number[]): SipState {
  const active = statusFlags.filter((f) => (ACTIVE_SIP_STATUS_FLAGS as readonly number[]).includes(f));
  if (!active.length) return 'none';
  return active.every((f) => (INACTIVE_USER_SIP_STATUS_FLAGS as readonly number[]).includes(f)) ? 'inactive' : 'active';
}

export const sipRetentionPath = (base: string, state: SipState) => (state === 'inactive' ? `${base}/inactiveuser` : base);

/** spec 6: NGO to the NGO dashboard, hospital user to manage, campaigner with active campaigns to the manage list, SIP user to retention. */
export function roleDestination(facts: AccountFacts, to: RoleDestinations): string {
  if (facts.entity_type === 'ngo') return to.ngoDashboard;
  if (facts.is_hospital) return `${to.manageUrl}/manage/list`;
  if (facts.activeCampaigns > 0) return `${to.manageUrl}/manage/list`;
  const sip = sipState(facts.sipStatusFlags);
  if (sip !== 'none') return sipRetentionPath(to.sipRetentionUrl, sip);
  return HOME_PATH;
}

export async function accountFacts(db: DbOrTx, userId: number): Promise<AccountFacts> {
  const [user] = await db.select({ entity_type: users.entity_type, is_hospital: users.is_hospital }).from(users).where(eq(users.id, userId));
  const [{ n }] = await db
    .select({ n: count() })
    .from(fundraisers)
    .where(
      and(
        managedBySql(userId),
        runningSql(new Date()),
      ),
    );
  const subs = await db.select({ status_flag: subscriptions.status_flag }).from(subscriptions).where(eq(subscriptions.user_id, userId));
  return { entity_type: user.entity_type, is_hospital: user.is_hospital, activeCampaigns: n, sipStatusFlags: subs.map((s) => s.status_flag) };
}
