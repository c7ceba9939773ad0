// spec 7 fundraiser page calls that read: the story's canonical address on a site, its header, donor card, share
// card, share counts by channel and how many fundraisers its campaigner runs. The story page shows the same facts.
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { createTranslator } from 'use-intl/core';
import { SHARED_INTL_CACHE } from '../i18n/server-translator';
import type { DbOrTx } from '../db/client';
import { carts, fundraisers, orders, systemEvents } from '../db/schema';
import type { FundraiserDetail } from '../fundraisers/queries';
import { cardImage, hasTaxBenefit, progressPercent } from '../fundraisers/rules';
import { daysLeft, fundraiserStage, isFundraiserEnded } from '../fundraisers/status';
import { publishedSql, runningSql } from '../fundraisers/status-sql';
import { htmlToText, truncateText } from '../content/sanitize';
import { loadMessages } from '../i18n/messages';
import { isLocale, DEFAULT_LOCALE, localizedPath } from '../i18n/locales';
import { storyPath } from '../routes';
import { absoluteUrl, storyImage } from '../seo/story-meta';
import { sharedStoryUrl, shareLinks, storyShareMessage, whatsappShareText } from './share';
import { DONOR_CARD_TOP_DONORS, SHARE_CHANNELS, SHARE_EVENT, STORY_SHARE_SUMMARY_LENGTH } from '../constants/story';

/** spec 7 GET domain: the story's canonical address on the request's own site (a partner keeps its domain). */
export function storyAddress(origin: string, locale: string, customTag: string) {
  const path = localizedPath(locale, storyPath(customTag));
  return { origin, host: new URL(origin).host, path, url: absoluteUrl(origin, path) };
}

/** spec 7 GET header: what the top of the story shows (a private story's too: its title and picture are on the PIN page). */
export function storyHeader(f: FundraiserDetail, opts: { pinVerified: boolean; now?: Date }) {
  const now = opts.now ?? new Date();
  return {
    id: f.id,
    custom_tag: f.custom_tag,
    title: f.title,
    campaigner: { full_name: f.campaigner_name },
    cover_image: cardImage(f.images),
    status_flag: f.status_flag,
    stage: fundraiserStage(f, now),
    is_ended: isFundraiserEnded(f, now),
    end_date: f.end_date,
    currency: f.currency,
    raised_minor: f.raised_minor,
    goal_minor: f.goal_minor,
    progress_percent: progressPercent(f.raised_minor, f.goal_minor),
    supporters: f.donor_count,
    days_left: daysLeft(f, now),
    tax_benefit: hasTaxBenefit(f),
    is_private: f.is_private,
    pin_required: f.is_private && !opts.pinVerified,
  };
}

export interface TopDonor {
  /** '' for a donor who gave anonymously (the supporters list's rule): the amount shows, the name does not */
  name: string;
  is_anonymous: boolean;
  /** what the gift credited to the fundraiser, in its currency, so gifts in other currencies compare */
  amount_minor: number;
  currency: string;
}

/** The largest successful gifts to a fundraiser, largest first. */
export async function topDonors(db: DbOrTx, f: { id: number; currency: string }, limit = DONOR_CARD_TOP_DONORS): Promise<TopDonor[]> {
  const rows = await db
    .select({ name: carts.donor_name, anonymous: carts.is_anonymous, amount_minor: orders.credited_amount_minor })
    .from(orders)
    .innerJoin(carts, eq(carts.id, orders.cart_id))
    .where(and(eq(orders.fundraiser_id, f.id), eq(orders.status, 'success')))
    .orderBy(desc(orders.credited_amount_minor), desc(orders.id))
    .limit(limit);
  return rows.map((r) => ({ name: r.anonymous ? '' : r.name, is_anonymous: r.anonymous, amount_minor: r.amount_minor, currency: f.currency }));
}

/** spec 7 GET donor card: the donate panel's figures and its top donors (named only where the supporters list is shown). */
export async function donorCard(db: DbOrTx, f: FundraiserDetail, opts: { pinVerified: boolean; now?: Date }) {
  const now = opts.now ?? new Date();
  const namesVisible = !f.is_private || opts.pinVerified;
  return {
    id: f.id,
    currency: f.currency,
    raised_minor: f.raised_minor,
    goal_minor: f.goal_minor,
    progress_percent: progressPercent(f.raised_minor, f.goal_minor),
    supporters: f.donor_count,
    days_left: daysLeft(f, now),
    is_ended: isFundraiserEnded(f, now),
    top_donors: namesVisible ? await topDonors(db, f) : [],
    pin_required: !namesVisible,
  };
}

/** The story's summary in its share text, as the story page writes it; a private story shares its title alone. */
export function storyShareSummary(f: Pick<FundraiserDetail, 'is_private' | 'story_description' | 'short_description'>): string {
  return f.is_private ? '' : truncateText(htmlToText(f.story_description) || f.short_description || '', STORY_SHARE_SUMMARY_LENGTH);
}

/** spec 7 GET share card: the story's share text in the asked language, the share links of each channel, the og image. */
export async function shareCard(f: FundraiserDetail, opts: { origin: string; locale: string }) {
  const { locale, messages } = await loadMessages(isLocale(opts.locale) ? opts.locale : DEFAULT_LOCALE);
  const t = createTranslator({ ...SHARED_INTL_CACHE, locale, messages, namespace: 'Story' });
  const text = storyShareMessage((key, values) => t(key, values), f.title, storyShareSummary(f));
  const storyUrl = storyAddress(opts.origin, locale, f.custom_tag).url;
  const image = storyImage(opts.origin, f);
  return {
    id: f.id,
    title: f.title,
    text,
    url: storyUrl,
    whatsapp_text: whatsappShareText(text, sharedStoryUrl(storyUrl, 'whatsapp', f.custom_tag)),
    links: shareLinks({ storyUrl, customTag: f.custom_tag, message: text }),
    og_image: { url: image.url, width: image.width ?? null, height: image.height ?? null },
  };
}

type ShareChannelCount = Record<(typeof SHARE_CHANNELS)[number] | 'other', number>;

/** spec 7 GET social shares: the share clicks the story recorded (actions/collect share_click), by channel. */
export async function socialShareCounts(db: DbOrTx, fundraiserId: number): Promise<{ total: number; by_channel: ShareChannelCount }> {
  const rows = await db
    .select({ channel: systemEvents.info_2, n: count() })
    .from(systemEvents)
    .where(and(eq(systemEvents.event_name, SHARE_EVENT), eq(systemEvents.event_type, 'fundraiser'), eq(systemEvents.event_type_id, String(fundraiserId))))
    .groupBy(systemEvents.info_2);
  const byChannel = Object.fromEntries([...SHARE_CHANNELS, 'other'].map((c) => [c, 0])) as ShareChannelCount;
  // the channel is what a client sent: anything but the menu's own channels is counted as other
  const known = (c: string | null): c is (typeof SHARE_CHANNELS)[number] => (SHARE_CHANNELS as readonly (string | null)[]).includes(c);
  for (const r of rows) byChannel[known(r.channel) ? r.channel : 'other'] += r.n;
  return { total: rows.reduce((n, r) => n + r.n, 0), by_channel: byChannel };
}

/** spec 7 GET campaign count: the campaigner's public fundraisers, running and ended (drafts and reviews are theirs alone). */
export async function campaignCount(db: DbOrTx, f: Pick<FundraiserDetail, 'campaigner_id' | 'campaigner_name'>, now = new Date()) {
  const [r] = await db
    .select({ total: count(), running: sql<number>`(count(*) filter (where ${runningSql(now)}))::int` })
    .from(fundraisers)
    .where(and(eq(fundraisers.campaigner_id, f.campaigner_id), eq(fundraisers.is_private, false), publishedSql()));
  return { campaigner: { full_name: f.campaigner_name }, running: r.running, ended: r.total - r.running, total: r.total };
}
