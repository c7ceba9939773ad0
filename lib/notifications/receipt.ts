// The donation receipt email, written in the language the donor gave in (messages/*.json, Receipt).
// use-intl's core needs no React, so scripts and workers outside Next render receipts too
import { createTranslator } from 'use-intl/core';
import { formatMoney } from '../money';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../i18n/locales';
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
  fundraiserTitle: string;
  pan: string | null;
  signInLink: string | null;
}

export async function receiptEmail(r: ReceiptFacts): Promise<OutgoingMessage> {
  const asked = (LOCALES as readonly string[]).includes(r.locale) ? (r.locale as Locale) : DEFAULT_LOCALE;
  const { locale, messages } = await loadMessages(asked);
  const t = createTranslator({ locale, messages, namespace: 'Receipt' });
  const amount = formatMoney(r.amountMinor, r.currency, locale, { exact: true });
  return {
    channel: 'email',
    recipient: r.email,
    subject: t('subject', { number: r.orderId, title: r.fundraiserTitle }),
    body: [
      t('greeting', { name: r.donorName }),
      t('received', { amount, title: r.fundraiserTitle }),
      t('number', { number: r.orderId }),
      r.pan ? t('pan', { pan: r.pan }) : '',
      r.signInLink ? t('signIn', { link: r.signInLink }) : '',
    ]
      .filter(Boolean)
      .join('\n'),
  };
}
