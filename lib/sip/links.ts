// Issue 14: signed links in SIP emails let a donor lower, pause, skip, resume, change the method of or cancel a SIP
// without signing in. Each link is a random token (only its SHA-256 is stored), good for one action, until it expires,
// and once: using it spends it in the same transaction as the change, so a refused change leaves it usable.
// Opening the link (GET) only shows what it does (mail scanners follow links); the page's button POSTs it.
import 'server-only';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../db/client';
import { sipActionLinks, subscriptions } from '../db/schema';
import { ApiError, conflict, notFound } from '../http/errors';
import { DAY_MS, SIP_ACTION_LINK_TTL_MS, SIP_LINK_ACTIONS } from '../constants';
import { localizedPath } from '../i18n/locales';
import { hashToken, randomToken } from '../auth/tokens';
import { subscriptionOf, type SubscriptionItem } from '../portfolio/queries';
import type { SipLinkAction, SipLinkInput } from '../validation/sip-manage';
import type { EmailBlock } from '../email/render';
import { cancelSip, changePaymentMethod, lowerPledge, pauseSip, resumeSip, sipTranslator, skipNextMonth, type SipActor } from './manage';
import { SIP_STATUS } from './status';

export type { SipLinkAction };

/** Where a SIP email link lands (outside the signed-in pages: lib/auth/guards.ts lets it through). */
export const SIP_MANAGE_PATH = '/sip/manage';

export const SIP_LINK_ERRORS = {
  unknown: 'This link is not valid. Please use the link in your latest email from us, or sign in to manage your SIP.',
  used: 'This link has already been used. Please use the link in your latest email from us, or sign in to manage your SIP.',
  expired: 'This link has expired. Please use the link in your latest email from us, or sign in to manage your SIP.',
  wrongAction: 'This link is for another change to your SIP.',
} as const;

export const isSipLinkAction = (value: unknown): value is SipLinkAction => typeof value === 'string' && (SIP_LINK_ACTIONS as readonly string[]).includes(value);

/** A new single-purpose link for one SIP, on this site and in the SIP's language. */
export async function sipActionLink(db: DbOrTx, subscriptionId: number, action: SipLinkAction, origin: string, now = new Date()): Promise<string> {
  const [sub] = await db.select({ locale: subscriptions.locale }).from(subscriptions).where(eq(subscriptions.id, subscriptionId));
  if (!sub) throw notFound('Subscription not found');
  const token = randomToken();
  await db.insert(sipActionLinks).values({ subscription_id: subscriptionId, action, token_hash: hashToken(token), expires_at: new Date(now.getTime() + SIP_ACTION_LINK_TTL_MS) });
  return `${origin}${localizedPath(sub.locale, SIP_MANAGE_PATH)}?${new URLSearchParams({ token })}`;
}

/** What a SIP email offers in each state: a paused SIP resumes, a running one pauses or skips, every live one changes method or cancels. */
export function sipLinkActionsFor(statusFlag: number): SipLinkAction[] {
  switch (statusFlag) {
    case SIP_STATUS.active:
      return ['lower', 'pause', 'skip', 'change_method', 'cancel'];
    case SIP_STATUS.pausedByDonor:
      return ['resume', 'lower', 'change_method', 'cancel'];
    case SIP_STATUS.paymentFailing:
    case SIP_STATUS.awaitingMandate:
      return ['change_method', 'cancel'];
    default:
      return [];
  }
}

/**
 * The lines a SIP email (charge, pre-debit notice, failure) appends: one signed link per action the SIP's state allows,
 * in the SIP's language. Empty for a cancelled SIP.
 */
/** An email's text with the SIP's link lines after it (none for a cancelled SIP). */
export const withLinks = (body: string, links: string) => (links ? `${body}\n\n${links}` : body);

export async function sipEmailLinks(db: DbOrTx, subscriptionId: number, origin: string, now = new Date()): Promise<string> {
  const [sub] = await db.select({ status_flag: subscriptions.status_flag, locale: subscriptions.locale }).from(subscriptions).where(eq(subscriptions.id, subscriptionId));
  const actions = sub ? sipLinkActionsFor(sub.status_flag) : [];
  if (!actions.length) return '';
  const { t, digits } = await sipTranslator(sub!.locale);
  const lines = [t('linksHeading', { days: Math.round(SIP_ACTION_LINK_TTL_MS / DAY_MS) })];
  for (const action of actions) lines.push(t(`link.${action}`, { link: digits(await sipActionLink(db, subscriptionId, action, origin, now)) }));
  return lines.join('\n');
}

/** The same signed links as a block of an email from the template set (lib/email): a label and its absolute link each. */
export async function sipLinkBlock(db: DbOrTx, subscriptionId: number, origin: string, now = new Date()): Promise<EmailBlock | null> {
  const [sub] = await db.select({ status_flag: subscriptions.status_flag, locale: subscriptions.locale }).from(subscriptions).where(eq(subscriptions.id, subscriptionId));
  const actions = sub ? sipLinkActionsFor(sub.status_flag) : [];
  if (!actions.length) return null;
  const { t } = await sipTranslator(sub!.locale);
  const items = [];
  // the label is the message without its link ("Cancel your SIP: {link}" -> "Cancel your SIP"), in every language
  for (const action of actions) items.push({ label: t(`link.${action}`, { link: '\u0000' }).split('\u0000')[0].replace(/[\s:：،]+$/u, ''), href: await sipActionLink(db, subscriptionId, action, origin, now) });
  return { kind: 'links', heading: t('linksHeading', { days: Math.round(SIP_ACTION_LINK_TTL_MS / DAY_MS) }), items };
}

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
