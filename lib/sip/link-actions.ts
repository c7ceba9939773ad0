// Using a SIP email's signed link: what it would do (the page a GET shows) and doing it (the page's POST), spent in the
// same transaction as the change it makes. The links themselves are made in lib/sip/links.ts.
import 'server-only';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../db/client';
import { sipActionLinks, subscriptions } from '../db/schema';
import { ApiError, conflict, notFound } from '../http/errors';
import { hashToken } from '../auth/tokens';
import { subscriptionOf, type SubscriptionItem } from '../portfolio/queries';
import type { SipLinkAction, SipLinkInput } from '../validation/sip-manage';
import { cancelSip, changePaymentMethod, lowerPledge, pauseSip, resumeSip, skipNextMonth, type SipActor } from './manage';
import { isSipLinkAction, SIP_LINK_ERRORS } from './links';

export type SipLinkState = 'ready' | 'used' | 'expired' | 'unknown';

export interface SipLinkView {
  state: SipLinkState;
  action: SipLinkAction | null;
  expires_at: string | null;
  /** the SIP the link changes (its owner's view), for a link that exists */
  subscription: SubscriptionItem | null;
}

/** What a link would do, for the page a GET shows; nothing is spent or changed. */
export async function describeSipActionLink(db: DbOrTx, token: string, now = new Date()): Promise<SipLinkView> {
  const [link] = token ? await db.select().from(sipActionLinks).where(eq(sipActionLinks.token_hash, hashToken(token))) : [];
  if (!link || !isSipLinkAction(link.action)) return { state: 'unknown', action: null, expires_at: null, subscription: null };
  const [sub] = await db.select({ user_id: subscriptions.user_id }).from(subscriptions).where(eq(subscriptions.id, link.subscription_id));
  const state: SipLinkState = link.used_at ? 'used' : link.expires_at <= now ? 'expired' : 'ready';
  return { state, action: link.action, expires_at: link.expires_at.toISOString(), subscription: sub ? await subscriptionOf(db, sub.user_id, link.subscription_id) : null };
}

function refusal(link: typeof sipActionLinks.$inferSelect | undefined, action: SipLinkAction, now: Date): ApiError {
  if (!link || !isSipLinkAction(link.action)) return notFound(SIP_LINK_ERRORS.unknown);
  if (link.action !== action) return new ApiError('forbidden', SIP_LINK_ERRORS.wrongAction);
  if (link.used_at) return conflict(SIP_LINK_ERRORS.used);
  if (link.expires_at <= now) return conflict(SIP_LINK_ERRORS.expired);
  return notFound(SIP_LINK_ERRORS.unknown);
}

/** The link as a SipActor: spent atomically (unused and unexpired, in one statement) inside the change's transaction. */
function linkActor(db: Db, token: string, action: SipLinkAction, now: Date): SipActor {
  const tokenHash = hashToken(token);
  return {
    viaLink: async (tx: Tx) => {
      const [spent] = await tx
        .update(sipActionLinks)
        .set({ used_at: now })
        .where(and(eq(sipActionLinks.token_hash, tokenHash), eq(sipActionLinks.action, action), isNull(sipActionLinks.used_at), gt(sipActionLinks.expires_at, now)))
        .returning({ subscription_id: sipActionLinks.subscription_id });
      if (spent) return spent.subscription_id;
      const [link] = await tx.select().from(sipActionLinks).where(eq(sipActionLinks.token_hash, tokenHash));
      throw refusal(link, action, now);
    },
    unspend: async () => {
      await db.update(sipActionLinks).set({ used_at: null }).where(and(eq(sipActionLinks.token_hash, tokenHash), eq(sipActionLinks.used_at, now)));
    },
  };
}

export interface SipLinkOutcome {
  action: SipLinkAction;
  subscription: SubscriptionItem;
  /** change_method: where the donor authorises the new mandate */
  authoriseUrl?: string;
  mandate_id?: number;
}

/** Does what a signed link is for, without a session: the token is the only proof, and it works once. */
export async function redeemSipActionLink(db: Db, token: string, input: SipLinkInput, ctx: { origin: string }, now = new Date()): Promise<SipLinkOutcome> {
  const actor = linkActor(db, token, input.action, now);
  switch (input.action) {
    case 'lower':
      return { action: input.action, subscription: await lowerPledge(db, actor, input.amount, ctx) };
    case 'pause':
      return { action: input.action, subscription: await pauseSip(db, actor, input.months, now, ctx) };
    case 'resume':
      return { action: input.action, subscription: await resumeSip(db, actor, now, ctx) };
    case 'skip':
      return { action: input.action, subscription: await skipNextMonth(db, actor, ctx) };
    case 'cancel':
      return { action: input.action, subscription: await cancelSip(db, actor, input.reason, ctx, now) };
    case 'change_method':
      return { action: input.action, ...(await changePaymentMethod(db, actor, input, ctx)) };
  }
}

/** The name the SIP emails' brief gives it; not a React hook. */
export const useSipActionLink = redeemSipActionLink;
