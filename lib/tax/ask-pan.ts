// An NGO asks the donors whose gifts it cannot report in Form 10BD (no PAN) to add one: each gets an email, in the
// language they gave in, with their receipt's signed link, where a guest adds PAN and address to that gift.
import { eq, inArray } from 'drizzle-orm';
import { createTranslator } from 'use-intl/core';
import type { Db } from '../db/client';
import { carts, entityDetails, orders } from '../db/schema';
import { enqueueMessage } from '../outbox/queue';
import { renderEmail } from '../email/render';
import { emailBrand } from '../email/brand';
import { emailDate } from '../email/sip';
import { SHARED_INTL_CACHE } from '../i18n/server-translator';
import { DEFAULT_LOCALE, LOCALES, RTL_LOCALES, type Locale } from '../i18n/locales';
import { isolate, isolateLtr } from '../i18n/bidi';
import { loadMessages } from '../i18n/messages';
import { formatMoney } from '../money';
import { signedReceiptUrl } from '../portfolio/receipt-link';
import { mainSiteOrigin } from '../whitelabel/site';
import { siteConfig } from '../whitelabel/resolve';
import { TAX_RECEIPT_CURRENCY } from '../constants/tax';
import { form10bdStatement } from './form-10bd';

/** Emails every donor of the year whose gift has no PAN and can take one from its receipt page; answers how many went out. */
export async function askDonorsForPan(db: Db, entityId: number, financialYear: string): Promise<{ asked: number }> {
  const statement = await form10bdStatement(db, entityId, financialYear);
  const askable = statement.unreportable.filter((g) => g.canAddPan && g.email);
  if (!askable.length) return { asked: 0 };
  const [ngo] = await db.select({ name: entityDetails.name }).from(entityDetails).where(eq(entityDetails.id, entityId));
  const gifts = await db
    .select({ orderId: orders.order_id, params: orders.params, locale: carts.locale })
    .from(orders)
    .innerJoin(carts, eq(carts.id, orders.cart_id))
    .where(inArray(orders.order_id, askable.map((g) => g.orderId)));
  const where = new Map(gifts.map((g) => [g.orderId, g]));
  for (const gift of askable) {
    const placed = where.get(gift.orderId);
    const asked = (LOCALES as readonly string[]).includes(placed?.locale ?? '') ? (placed!.locale as Locale) : DEFAULT_LOCALE;
    const origin = typeof placed?.params?.site_origin === 'string' ? placed.params.site_origin : mainSiteOrigin(siteConfig());
    const { locale, messages } = await loadMessages(asked);
    const t = createTranslator({ ...SHARED_INTL_CACHE, locale, messages, namespace: 'TaxAsk' });
    const rtl = RTL_LOCALES.includes(locale);
    const words = rtl ? isolate : (x: string) => x;
    const digits = rtl ? isolateLtr : (x: string) => x;
    const brand = await emailBrand(db, origin);
    const facts = { ngo: words(ngo?.name ?? ''), amount: digits(formatMoney(gift.amountMinor, TAX_RECEIPT_CURRENCY, locale, { exact: true })), date: emailDate(gift.settledAt, locale) };
    const email = await renderEmail({
      locale,
      subject: t('subject', { ngo: facts.ngo }),
      heading: t('heading'),
      brand: brand.name,
      color: brand.color,
      blocks: [
        { kind: 'text', text: t('greeting', { name: words(gift.name) }) },
        { kind: 'text', text: t('body', facts) },
        { kind: 'button', label: t('button'), href: signedReceiptUrl(origin, locale, gift.orderId) },
        { kind: 'text', text: t('why', { ngo: facts.ngo }) },
      ],
      footer: t('signoff', { ngo: facts.ngo }),
    });
    await enqueueMessage(db, { channel: 'email', recipient: gift.email!, subject: email.subject, body: email.text, html: email.html });
  }
  return { asked: askable.length };
}
