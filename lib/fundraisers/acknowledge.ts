// The acknowledge form (spec 7): the campaigner's thank-you to one donation's donor. The first one is
// emailed to the donor through the outbox in the same transaction, in the language they gave in; later ones
// change the stored words without a second email (the donor is not thanked twice).
import { and, eq } from 'drizzle-orm';
import { createTranslator } from 'use-intl/core';
import { SHARED_INTL_CACHE } from '../i18n/server-translator';
import type { Db, DbOrTx } from '../db/client';
import { carts, fundraisers, orders, users } from '../db/schema';
import { conflict, notFound } from '../http/errors';
import { assertManages } from '../permissions/can';
import { enqueueMessage, type OutgoingMessage } from '../outbox/queue';
import { renderEmail } from '../email/render';
import { emailBrand } from '../email/brand';
import { defaultBrand } from '../whitelabel/brand';
import { DEFAULT_LOCALE, LOCALES, RTL_LOCALES, type Locale } from '../i18n/locales';
import { isolate, isolateLtr } from '../i18n/bidi';
import { loadMessages } from '../i18n/messages';
import { storyPath } from '../routes';
import { siteConfig } from '../whitelabel/resolve';
import { mainSiteOrigin } from '../whitelabel/site';
import { DONOR_MESSAGES, type AcknowledgeInput } from '../validation/donors';

export interface Acknowledgement {
  order_id: string;
  acknowledgement: string;
  acknowledged_at: string;
  /** true when this call queued the email to the donor (the first thank-you to a real address) */
  emailed: boolean;
}

export interface AcknowledgementFacts {
  locale: string;
  email: string;
  donorName: string;
  senderName: string;
  fundraiserTitle: string;
  message: string;
  storyUrl: string;
  /** the sender's name and colour: the partner's on a partner's site */
  brand?: { name: string; color?: string };
}

/** The thank-you email in the donor's language (messages/*.json, Donors.email). */
export async function acknowledgementEmail(a: AcknowledgementFacts): Promise<OutgoingMessage> {
  const asked = (LOCALES as readonly string[]).includes(a.locale) ? (a.locale as Locale) : DEFAULT_LOCALE;
  const { locale, messages } = await loadMessages(asked);
  const t = createTranslator({ ...SHARED_INTL_CACHE, locale, messages, namespace: 'Donors.email' });
  // in Arabic and Urdu, Latin names keep their own direction and the link reads left to right
  const rtl = RTL_LOCALES.includes(locale);
  const words = rtl ? isolate : (x: string) => x;
  const title = words(a.fundraiserTitle);
  const sender = words(a.senderName);
  const subject = t('subject', { sender, title });
  // the HTML part from the template set: the campaigner's words stand out, a button opens the story
  const email = await renderEmail({
    locale,
    subject,
    heading: subject,
    brand: a.brand?.name ?? defaultBrand('').name,
    color: a.brand?.color,
    blocks: [
      { kind: 'text', text: t('greeting', { name: words(a.donorName) }) },
      { kind: 'text', text: t('intro', { sender, title }) },
      { kind: 'text', text: words(a.message), strong: true },
      { kind: 'button', label: t('open'), href: a.storyUrl },
    ],
  });
  return {
    channel: 'email',
    recipient: a.email,
    subject,
    body: [t('greeting', { name: words(a.donorName) }), t('intro', { sender, title }), '', a.message, '', t('link', { link: rtl ? isolateLtr(a.storyUrl) : a.storyUrl })].join('\n'),
    html: email.html,
  };
}

/** Saves the campaigner's thank-you on a successful donation to their fundraiser; emails the donor the first time. */
export async function acknowledgeDonation(db: Db, user: { id: number; full_name: string }, fundraiserId: number, orderId: string, input: AcknowledgeInput): Promise<Acknowledgement> {
  await assertManages(db, user, fundraiserId);
  return db.transaction(async (tx) => {
    // the row lock makes "first" true for one of two thank-yous sent at once
    const [order] = await tx
      .select({ id: orders.id, status: orders.status, acknowledged_at: orders.acknowledged_at, cart_id: orders.cart_id, user_id: orders.user_id })
      .from(orders)
      .where(and(eq(orders.order_id, orderId), eq(orders.fundraiser_id, fundraiserId)))
      .for('update');
    if (!order) throw notFound(DONOR_MESSAGES.orderNotFound);
    if (order.status !== 'success') throw conflict(DONOR_MESSAGES.notSuccessful);
    const first = order.acknowledged_at === null;
    const [saved] = await tx
      .update(orders)
      .set({ acknowledgement: input.message, acknowledged_at: order.acknowledged_at ?? new Date() })
      .where(eq(orders.id, order.id))
      .returning({ acknowledged_at: orders.acknowledged_at });
    const email = first ? await thankYouFor(tx, fundraiserId, order, user.full_name, input.message) : null;
    if (email) await enqueueMessage(tx, email);
    return { order_id: orderId, acknowledgement: input.message, acknowledged_at: saved.acknowledged_at!.toISOString(), emailed: email !== null };
  });
}

// the donor is on the cart (a SIP month without one: the subscriber); placeholder addresses get no email
async function thankYouFor(tx: DbOrTx, fundraiserId: number, order: { cart_id: number | null; user_id: number | null }, senderName: string, message: string): Promise<OutgoingMessage | null> {
  const [cart] = order.cart_id
    ? await tx.select({ email: carts.donor_email, name: carts.donor_name, locale: carts.locale, userId: carts.user_id }).from(carts).where(eq(carts.id, order.cart_id))
    : [];
  const accountId = cart?.userId ?? order.user_id;
  const [account] = accountId ? await tx.select({ email: users.email, name: users.full_name, dummy: users.is_dummy_email }).from(users).where(eq(users.id, accountId)) : [];
  const donor = cart ? { email: cart.email, name: cart.name, locale: cart.locale } : account ? { email: account.email, name: account.name, locale: DEFAULT_LOCALE } : null;
  if (!donor?.email || (account?.dummy && account.email.toLowerCase() === donor.email.toLowerCase())) return null;
  const [f] = await tx.select({ title: fundraisers.title, custom_tag: fundraisers.custom_tag }).from(fundraisers).where(eq(fundraisers.id, fundraiserId));
  return acknowledgementEmail({
    locale: donor.locale,
    email: donor.email,
    donorName: donor.name,
    senderName,
    fundraiserTitle: f.title,
    message,
    storyUrl: `${mainSiteOrigin(siteConfig())}${storyPath(f.custom_tag)}`,
    brand: await emailBrand(tx, mainSiteOrigin(siteConfig())),
  });
}
