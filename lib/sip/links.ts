// Signed links in SIP emails let a donor lower, pause, skip, resume, change the method of or cancel a SIP
// without signing in. Each link is a random token (only its SHA-256 is stored), good for one action, until it expires,
// and once (lib/sip/link-actions.ts spends it in the same transaction as the change, so a refused change leaves it usable).
// Opening the link (GET) only shows what it does (mail scanners follow links); the page's button POSTs it.
import 'server-only';
import { eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client';
import { notFound } from '../http/errors';
import { sipActionLinks, subscriptions } from '../db/schema';
import { SIP_ACTION_LINK_TTL_MS, SIP_LINK_ACTIONS } from '../constants/sip';
import { DAY_MS } from '../constants/time';
import { localizedPath } from '../i18n/locales';
import { SIP_MANAGE_LINK_PATH } from '../routes';
import { hashToken, randomToken } from '../auth/tokens';
import type { SipLinkAction } from '../validation/sip-manage';
import type { EmailBlock } from '../email/render';
import { sipTranslator } from './translator';
import { isLiveSip, SIP_STATUS } from './status';

export type { SipLinkAction };

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
  return `${origin}${localizedPath(sub.locale, SIP_MANAGE_LINK_PATH)}?${new URLSearchParams({ token })}`;
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

/** What a SIP month's receipt adds: the next debit while the SIP runs, and its signed one-tap links (lower, pause, skip, cancel), as every SIP email has. */
export async function sipReceiptLines(tx: Tx, order: { subscription_id: number | null }, origin: string): Promise<{ nextDebit: Date | null; links: EmailBlock | null }> {
  if (!order.subscription_id) return { nextDebit: null, links: null };
  const [sub] = await tx.select({ next: subscriptions.next_payment_date, status: subscriptions.status_flag }).from(subscriptions).where(eq(subscriptions.id, order.subscription_id));
  return { nextDebit: sub && isLiveSip(sub.status) ? sub.next : null, links: await sipLinkBlock(tx, order.subscription_id, origin) };
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
