// Posting an update (issue 13): the campaigner's news appears on the story's updates tab at once (its pages
// expire on every server) and goes by email, through the outbox, to each donor of the fundraiser once.
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { createTranslator } from 'use-intl/core';
import { SHARED_INTL_CACHE } from '../i18n/server-translator';
import type { Db, DbOrTx } from '../db/client';
import { carts, fundraisers, orders, updates, users } from '../db/schema';
import { UPDATE_TEXT_MIN } from '../constants';
import { ApiError, conflict } from '../http/errors';
import { assertManages } from '../permissions/can';
import { htmlToText, sanitizeStoryHtml, truncateText } from '../content/sanitize';
import { enqueueMessage } from '../outbox/queue';
import { announceFundraisersChanged } from '../cache/bus';
import { invalidateFundraiser } from '../cache/invalidate';
import { DEFAULT_LOCALE, isLocale, localizedPath, RTL_LOCALES } from '../i18n/locales';
import { isolate, isolateLtr } from '../i18n/bidi';
import { loadMessages } from '../i18n/messages';
import { campaignUpdatePath } from '../routes';
import { siteConfig } from '../whitelabel/resolve';
import { mainSiteOrigin } from '../whitelabel/site';
import { UPDATE_MESSAGES, type UpdateInput } from '../validation/updates';
import { PUBLISHED_FLAGS } from './status';
import { updateOptOutFooter, updateOptOutUrl, withoutOptedOut } from './update-opt-out';
import { answerUpdateRequests } from './update-requests';

/** Donors of the fundraiser with a real address (not a phone-only placeholder), once each, with their latest gift's language. */
async function donorAddresses(db: DbOrTx, fundraiserId: number): Promise<Map<string, string>> {
  const rows = await db
    .selectDistinctOn([carts.donor_email, users.is_dummy_email], { email: carts.donor_email, dummy: users.is_dummy_email, locale: carts.locale, cartId: carts.id })
    .from(orders)
    .innerJoin(carts, eq(carts.id, orders.cart_id))
    .leftJoin(users, eq(users.id, carts.user_id))
    .where(and(eq(orders.fundraiser_id, fundraiserId), inArray(orders.status, ['success'])))
    .orderBy(carts.donor_email, users.is_dummy_email, desc(carts.id));
  const latest = new Map<string, { locale: string; cartId: number }>();
  for (const r of rows) {
    if (r.dummy || !r.email) continue;
    const email = r.email.trim().toLowerCase();
    // the same address typed in another case: its latest gift's language wins
    if ((latest.get(email)?.cartId ?? 0) < r.cartId) latest.set(email, { locale: r.locale, cartId: r.cartId });
  }
  return new Map([...latest].map(([email, { locale }]) => [email, locale]));
}

/** The language of each address's latest gift made signed in (askers of an update are signed in), where there is one. */
async function accountLocales(db: DbOrTx, emails: string[]): Promise<Map<string, string>> {
  if (!emails.length) return new Map();
  const rows = await db
    .selectDistinctOn([users.id], { email: users.email, locale: carts.locale })
    .from(users)
    .innerJoin(orders, eq(orders.user_id, users.id))
    .innerJoin(carts, eq(carts.id, orders.cart_id))
    .where(inArray(sql`lower(${users.email})`, emails))
    .orderBy(users.id, desc(orders.created_at));
  return new Map(rows.map((r) => [r.email.trim().toLowerCase(), r.locale]));
}

/** The update email's translator (messages/*.json, Updates.email) for one language, loaded once for all its recipients. */
async function updateEmailWords(locale: string) {
  const { locale: loaded, messages } = await loadMessages(isLocale(locale) ? locale : DEFAULT_LOCALE);
  // in Arabic and Urdu, Latin titles keep their own direction and links read left to right
  const rtl = RTL_LOCALES.includes(loaded);
  return {
    t: createTranslator({ ...SHARED_INTL_CACHE, locale: loaded, messages, namespace: 'Updates.email' }),
    words: rtl ? isolate : (x: string) => x,
    digits: rtl ? isolateLtr : (x: string) => x,
  };
}
export type UpdateEmailWords = Awaited<ReturnType<typeof updateEmailWords>>;

/** The addresses grouped by language (English where none is known), each group's translator loaded once. */
function byLocale(emails: string[], localeOf: Map<string, string>): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const email of emails) {
    const asked = localeOf.get(email);
    const locale = isLocale(asked) ? asked : DEFAULT_LOCALE;
    const group = groups.get(locale);
    if (group) group.push(email);
    else groups.set(locale, [email]);
  }
  return groups;
}

export async function postUpdate(db: Db, user: { id: number }, fundraiserId: number, input: UpdateInput): Promise<{ id: number; emailed: number }> {
  await assertManages(db, user, fundraiserId);
  const html = sanitizeStoryHtml(input.body);
  if (htmlToText(html).length < UPDATE_TEXT_MIN) throw new ApiError('validation_failed', UPDATE_MESSAGES.body, { body: UPDATE_MESSAGES.body });
  const result = await db.transaction(async (tx) => {
    const [f] = await tx.select({ title: fundraisers.title, custom_tag: fundraisers.custom_tag, status_flag: fundraisers.status_flag }).from(fundraisers).where(eq(fundraisers.id, fundraiserId));
    if (!PUBLISHED_FLAGS.includes(f.status_flag)) throw conflict('Updates can be posted once the fundraiser is live');
    const [row] = await tx.insert(updates).values({ fundraiser_id: fundraiserId, author_id: user.id, title: input.title || null, body_html: html }).returning({ id: updates.id });
    // donors who unsubscribed from this fundraiser's updates get none
    const donors = await donorAddresses(tx, fundraiserId);
    const to = await withoutOptedOut(tx, fundraiserId, [...donors.keys()]);
    // spec 7: this answers every open "ask for update"; askers get it too, once each (even after an opt-out: they just asked)
    const askers = await answerUpdateRequests(tx, fundraiserId, row.id, to);
    to.push(...askers);
    const localeOf = new Map([...donors, ...(await accountLocales(tx, askers))]);
    const text = truncateText(htmlToText(html), 600);
    const origin = mainSiteOrigin(siteConfig());
    for (const [locale, recipients] of byLocale(to, localeOf)) {
      const say = await updateEmailWords(locale);
      const { t, words, digits } = say;
      const title = words(f.title);
      const subject = input.title ? t('subjectTitled', { title, update: words(input.title) }) : t('subject', { title });
      // issue 30: to the update's own page (spec 2 campaign_update), in the donor's language, with Contribute (origin up)
      const body = [text, t('read', { link: digits(`${origin}${localizedPath(locale, campaignUpdatePath(f.custom_tag, row.id))}`) }), t('signoff')].join('\n\n');
      for (const recipient of recipients)
        await enqueueMessage(tx, { channel: 'email', recipient, subject, body: `${body}${updateOptOutFooter(updateOptOutUrl(origin, f.custom_tag, fundraiserId, recipient), say)}` });
    }
    await announceFundraisersChanged(tx, [fundraiserId]);
    return { id: row.id, emailed: to.length };
  });
  await invalidateFundraiser(fundraiserId);
  return result;
}
