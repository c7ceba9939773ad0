// The donation receipt email, written in the language the donor gave in (messages/*.json, Receipt), from the template
// set (lib/email): the date, amount, method, transaction id, 80G status (with the NGO's registration when it applies),
// a link to the receipt page that works for a guest, the next debit of a SIP, and a WhatsApp share.
// use-intl's core needs no React, so scripts and workers outside Next render receipts too
import { createTranslator } from 'use-intl/core';
import { SHARED_INTL_CACHE } from '../i18n/server-translator';
import { formatMoney } from '../money';
import { DEFAULT_LOCALE, LOCALES, RTL_LOCALES, type Locale } from '../i18n/locales';
import { isolate, isolateLtr } from '../i18n/bidi';
import { loadMessages } from '../i18n/messages';
import { paymentModeName } from '../i18n/stored-values';
import type { OutgoingMessage } from '../outbox/queue';
import { assertAbsolute, renderEmail, type EmailBlock } from '../email/render';
import { emailDate } from '../email/sip';
import { TAX_RECEIPT_ATTACHMENT } from '../constants/tax';

export interface ReceiptFacts {
  locale: string;
  email: string;
  donorName: string;
  orderId: string;
  /** what the donor paid (donation and tip), in the order's currency */
  amountMinor: number;
  currency: string;
  /** a gift to one fundraiser names it; a SIP month names its causes instead */
  fundraiserTitle: string | null;
  causes?: string[];
  pan: string | null;
  /** anniversary giving: the occasion and whom the gift honours */
  dedication?: { occasion: string; honoree: string; message?: string } | null;
  signInLink: string | null;
  /** an insurance premium is a purchase, not a gift: its own words and never an 80G line */
  premium?: boolean;
  /** the NGO the fundraiser raises for, when it holds 80G registration (its details make the receipt a tax receipt) */
  taxBenefit?: { name: string; registration: string | null; pan: string | null } | null;
  /** the gift's numbered 80G receipt: its PDF travels with the email */
  taxReceipt?: { number: string } | null;
  /** when the payment settled */
  paidAt: Date;
  /** the payment mode as stored (UPI, CARD, NB…) */
  method: string;
  /** the gateway's payment id */
  transactionId: string | null;
  /** the receipt page, absolute: a one-time sign-in link to it for a donor with an account (a guest's account too) */
  receiptLink: string;
  /** a SIP month: when the next one is debited */
  nextDebit?: Date | null;
  /** what the WhatsApp share points to (the story, or the SIP page), absolute */
  shareLink?: string | null;
  /** the site's name and colour (the partner's on a partner's gift) */
  brand: { name: string; color?: string };
  /** a SIP month's signed one-tap links */
  links?: EmailBlock | null;
}

export async function receiptEmail(r: ReceiptFacts): Promise<OutgoingMessage> {
  const asked = (LOCALES as readonly string[]).includes(r.locale) ? (r.locale as Locale) : DEFAULT_LOCALE;
  const { locale, messages } = await loadMessages(asked);
  const t = createTranslator({ ...SHARED_INTL_CACHE, locale, messages, namespace: 'Receipt' });
  const tPayment = createTranslator({ ...SHARED_INTL_CACHE, locale, messages, namespace: 'Payment' });
  // in Arabic and Urdu, Latin names and titles keep their own direction and numbers read left to right
  const rtl = RTL_LOCALES.includes(locale);
  const words = rtl ? isolate : (x: string) => x;
  const digits = rtl ? isolateLtr : (x: string) => x;
  const causeName = createTranslator({ ...SHARED_INTL_CACHE, locale, messages, namespace: 'Sip.causes' });
  const plainTitle = r.fundraiserTitle ?? (r.causes ?? []).map((c) => causeName(c as never)).join(', ');
  const title = words(plainTitle);
  const number = digits(r.orderId);
  const amount = digits(formatMoney(r.amountMinor, r.currency, locale, { exact: true }));
  const subject = r.premium ? t('premiumSubject', { number, title }) : t('subject', { number, title });
  // an 80G gift without the donor's PAN cannot be claimed (the text below says how to add it)
  const claimable = r.taxBenefit && (!r.taxReceipt || r.pan);
  const tax = r.premium ? [] : [{ label: t('facts.tax'), value: claimable && r.taxBenefit ? t('taxYes', { name: words(r.taxBenefit.name), registration: digits(r.taxBenefit.registration ?? '—') }) : t('taxNo') }];
  const rows = [
    { label: t('facts.date'), value: emailDate(r.paidAt, locale) },
    { label: t('facts.amount'), value: amount },
    { label: t('facts.for'), value: title },
    { label: t('facts.method'), value: paymentModeName(tPayment as never, r.method) },
    ...(r.transactionId ? [{ label: t('facts.transaction'), value: digits(r.transactionId) }] : []),
    { label: t('facts.receipt'), value: number },
    ...(r.taxReceipt ? [{ label: t('facts.taxReceipt'), value: digits(r.taxReceipt.number) }] : []),
    ...tax,
    ...(r.nextDebit ? [{ label: t('facts.nextDebit'), value: emailDate(r.nextDebit, locale) }] : []),
  ];
  const share = r.shareLink && !r.premium ? assertAbsolute(r.shareLink) : null;
  const blocks: EmailBlock[] = [
    { kind: 'text', text: t('greeting', { name: words(r.donorName) }) },
    { kind: 'text', text: r.premium ? t('premiumReceived', { amount, title }) : t('received', { amount, title }), strong: true },
    { kind: 'facts', rows },
    { kind: 'button', label: t('viewReceipt'), href: r.receiptLink },
    ...(r.dedication ? [{ kind: 'text' as const, text: t('dedication', { occasion: t(`occasions.${r.dedication.occasion}` as never), honoree: words(r.dedication.honoree) }) }] : []),
    ...(r.dedication?.message ? [{ kind: 'text' as const, text: words(r.dedication.message) }] : []),
    ...(r.pan && !r.premium ? [{ kind: 'text' as const, text: t('pan', { pan: digits(r.pan) }) }] : []),
    ...(r.taxReceipt && !r.premium
      ? [{ kind: 'text' as const, text: r.pan ? t('taxReceiptAttached', { number: digits(r.taxReceipt.number) }) : t('taxReceiptNoPan'), strong: !r.pan }]
      : []),
    ...(r.taxBenefit && !r.premium ? [{ kind: 'text' as const, text: t('tax80g', { name: words(r.taxBenefit.name), registration: digits(r.taxBenefit.registration ?? '—'), pan: digits(r.taxBenefit.pan ?? '—') }) }] : []),
    // the sentence is the link's label ("See all your donations…"), the address behind it
    ...(r.signInLink ? [{ kind: 'links' as const, items: [{ label: t('signIn', { link: '\u0000' }).split('\u0000')[0].replace(/[\s:：،]+$/u, ''), href: r.signInLink }] }] : []),
    ...(share
      ? [{ kind: 'links' as const, heading: t('shareHeading'), items: [{ label: t('share'), href: `https://wa.me/?${new URLSearchParams({ text: t('shareText', { title: plainTitle, link: share }) })}` }] }]
      : []),
    ...(r.links ? [r.links] : []),
  ];
  const email = await renderEmail({
    locale,
    subject,
    heading: r.premium ? t('premiumHeading') : t('heading'),
    preview: r.premium ? t('premiumReceived', { amount, title }) : t('received', { amount, title }),
    brand: r.brand.name,
    color: r.brand.color,
    blocks,
    footer: t('signoff', { brand: r.brand.name }),
  });
  const attachments = r.taxReceipt && !r.premium ? [{ kind: TAX_RECEIPT_ATTACHMENT, key: r.orderId }] : [];
  return { channel: 'email', recipient: r.email, subject, body: email.text, html: email.html, ...(attachments.length ? { attachments } : {}) };
}
