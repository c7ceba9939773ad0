// Posting an update (issue 13): the campaigner's news appears on the story's updates tab at once (its pages
// expire on every server) and goes by email, through the outbox, to each donor of the fundraiser once.
import { and, eq, inArray } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { carts, fundraisers, orders, updates, users } from '../db/schema';
import { UPDATE_TEXT_MIN } from '../constants';
import { ApiError, conflict } from '../http/errors';
import { assertManages } from '../permissions/can';
import { htmlToText, sanitizeStoryHtml, truncateText } from '../content/sanitize';
import { enqueueMessage } from '../outbox/queue';
import { announceFundraisersChanged } from '../cache/bus';
import { invalidateFundraiser } from '../cache/invalidate';
import { storyPath } from '../routes';
import { siteConfig } from '../whitelabel/resolve';
import { mainSiteOrigin } from '../whitelabel/site';
import { UPDATE_MESSAGES, type UpdateInput } from '../validation/updates';
import { PUBLISHED_FLAGS } from './status';
import { updateOptOutFooter, updateOptOutUrl, withoutOptedOut } from './update-opt-out';
import { answerUpdateRequests } from './update-requests';

/** Donors of the fundraiser with a real address, once each (placeholder addresses of phone-only accounts are left out). */
async function donorAddresses(db: DbOrTx, fundraiserId: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ email: carts.donor_email, dummy: users.is_dummy_email })
    .from(orders)
    .innerJoin(carts, eq(carts.id, orders.cart_id))
    .leftJoin(users, eq(users.id, carts.user_id))
    .where(and(eq(orders.fundraiser_id, fundraiserId), inArray(orders.status, ['success'])));
  const seen = new Set<string>();
  for (const r of rows) if (!r.dummy && r.email) seen.add(r.email.trim().toLowerCase());
  return [...seen];
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
    const to = await withoutOptedOut(tx, fundraiserId, await donorAddresses(tx, fundraiserId));
    // spec 7: this answers every open "ask for update"; askers get it too, once each (even after an opt-out: they just asked)
    to.push(...(await answerUpdateRequests(tx, fundraiserId, row.id, to)));
    const text = truncateText(htmlToText(html), 600);
    for (const recipient of to)
      await enqueueMessage(tx, { channel: 'email', recipient, subject: `An update on "${f.title}"${input.title ? `: ${input.title}` : ''}`, body: `${text}\n\nRead it on the fundraiser: ${mainSiteOrigin(siteConfig())}${storyPath(f.custom_tag)}#updates\n\nTeam Sahyog${updateOptOutFooter(updateOptOutUrl(mainSiteOrigin(siteConfig()), f.custom_tag, fundraiserId, recipient))}` });
    await announceFundraisersChanged(tx, [fundraiserId]);
    return { id: row.id, emailed: to.length };
  });
  await invalidateFundraiser(fundraiserId);
  return result;
}
