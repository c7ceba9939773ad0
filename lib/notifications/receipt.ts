// The donation receipt email, written in the language the donor gave in (messages/*.json, Receipt).
// use-intl's core needs no React, so scripts and workers outside Next render receipts too
import { createTranslator } from 'use-intl/core';
import { SHARED_INTL_CACHE } from '../i18n/server-translator';
import { formatMoney } from '../money';
import { DEFAULT_LOCALE, LOCALES, RTL_LOCALES, type Locale } from '../i18n/locales';
import { isolate, isolateLtr } from '../i18n/bidi';
import { loadMessages } from '../i18n/messages';
import type { OutgoingMessage } from '../outbox/queue';

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
  /** anniversary giving: the occasion and whom the gift honours (issue 15) */
  dedication?: { occasion: string; honoree: string; message?: string } | null;
  signInLink: string | null;
  /** an insurance premium (issue 15) is a purchase, not a gift: its own words and never an 80G line */
  premium?: boolean;
  /** issue 13: the NGO the fundraiser raises for, when it holds 80G registration (its details make the receipt a tax receipt) */
  taxBenefit?: { name: string; registration: string | null; pan: string | null } | null;
}

export async function receiptEmail(r: ReceiptFacts): Promise<OutgoingMessage> {
  const asked = (LOCALES as readonly string[]).includes(r.locale) ? (r.locale as Locale) : DEFAULT_LOCALE;
  const { locale, messages } = await loadMessages(asked);
  const t = createTranslator({ ...SHARED_INTL_CACHE, locale, messages, namespace: 'Receipt' });
  // in Arabic and Urdu, Latin names and titles keep their own direction and numbers read left to right
  const rtl = RTL_LOCALES.includes(locale);
  const words = rtl ? isolate : (x: string) => x;
  const digits = rtl ? isolateLtr : (x: string) => x;
  const causeName = createTranslator({ ...SHARED_INTL_CACHE, locale, messages, namespace: 'Sip.causes' });
  const title = words(r.fundraiserTitle ?? (r.causes ?? []).map((c) => causeName(c as never)).join(', '));
  const number = digits(r.orderId);
  const amount = digits(formatMoney(r.amountMinor, r.currency, locale, { exact: true }));
  return {
    channel: 'email',
    recipient: r.email,
    subject: r.premium ? t('premiumSubject', { number, title }) : t('subject', { number, title }),
    body: [
      t('greeting', { name: words(r.donorName) }),
      r.premium ? t('premiumReceived', { amount, title }) : t('received', { amount, title }),
      t('number', { number }),
      r.dedication ? t('dedication', { occasion: t(`occasions.${r.dedication.occasion}` as never), honoree: words(r.dedication.honoree) }) : '',
      r.dedication?.message ? words(r.dedication.message) : '',
      r.pan && !r.premium ? t('pan', { pan: digits(r.pan) }) : '',
      r.taxBenefit ? t('tax80g', { name: words(r.taxBenefit.name), registration: digits(r.taxBenefit.registration ?? '—'), pan: digits(r.taxBenefit.pan ?? '—') }) : '',
      r.signInLink ? t('signIn', { link: digits(r.signInLink) }) : '',
    ]
      .filter(Boolean)
      .join('\n'),
  };
}
