// The emails about a fundraiser's news and money from the template set: an update to its donors (with the
// one-click opt-out), a withdrawal's outcome to its campaigner. Words in messages/*.json, links absolute on the site.
import { createTranslator } from 'use-intl/core';
import { SHARED_INTL_CACHE } from '../i18n/server-translator';
import { DEFAULT_LOCALE, isLocale, localizedPath, RTL_LOCALES } from '../i18n/locales';
import { isolate, isolateLtr } from '../i18n/bidi';
import { loadMessages } from '../i18n/messages';
import { formatMoney } from '../money';
import type { OutgoingMessage } from '../outbox/queue';
import { renderEmail } from './render';

async function translator(locale: string | undefined, namespace: 'Updates.email' | 'Withdrawals.email') {
  const loaded = await loadMessages(locale && isLocale(locale) ? locale : DEFAULT_LOCALE);
  const rtl = RTL_LOCALES.includes(loaded.locale);
  return {
    locale: loaded.locale,
    words: rtl ? isolate : (x: string) => x,
    digits: rtl ? isolateLtr : (x: string) => x,
    t: createTranslator({ ...SHARED_INTL_CACHE, locale: loaded.locale, messages: loaded.messages, namespace }),
  };
}

export interface DonorUpdateFacts {
  locale: string;
  recipient: string;
  /** the update's words as text (already shortened) */
  text: string;
  fundraiserTitle: string;
  updateTitle: string | null;
  /** the update's own page and the recipient's signed opt-out page, absolute */
  updateUrl: string;
  optOutUrl: string;
  brand: { name: string; color?: string };
}

/** A campaigner's update to one donor, in the donor's language: the words, a button to the update, the opt-out link. */
export async function donorUpdateEmail(u: DonorUpdateFacts): Promise<OutgoingMessage> {
  const { locale, t, words, digits } = await translator(u.locale, 'Updates.email');
  const title = words(u.fundraiserTitle);
  const subject = u.updateTitle ? t('subjectTitled', { title, update: words(u.updateTitle) }) : t('subject', { title });
  const body = [u.text, t('read', { link: digits(u.updateUrl) }), t('signoff'), t('optOut', { link: digits(u.optOutUrl) })].join('\n\n');
  const email = await renderEmail({
    locale,
    subject,
    heading: subject,
    brand: u.brand.name,
    color: u.brand.color,
    blocks: [
      { kind: 'text', text: u.text },
      { kind: 'button', label: t('open'), href: u.updateUrl },
      { kind: 'links', items: [{ label: t('optOutLabel'), href: u.optOutUrl }] },
    ],
    footer: t('signoff'),
  });
  return { channel: 'email', recipient: u.recipient, subject, body, html: email.html };
}

export interface WithdrawalOutcomeFacts {
  locale?: string;
  email: string;
  name: string;
  fundraiserTitle: string;
  fundraiserId: number;
  status: 'approved' | 'rejected' | 'paid';
  amountMinor: number;
  currency: string;
  purpose: string;
  accountDigits: string;
  reason?: string | null;
  reference?: string | null;
  origin: string;
  brand: { name: string; color?: string };
}

/** A withdrawal's outcome to its campaigner: approved, not approved (with the reviewer's words) or paid. */
export async function withdrawalOutcomeEmail(w: WithdrawalOutcomeFacts): Promise<OutgoingMessage> {
  const { locale, t, words, digits } = await translator(w.locale, 'Withdrawals.email');
  const amount = digits(formatMoney(w.amountMinor, w.currency, locale, { exact: true }));
  const facts = { amount, purpose: words(w.purpose), digits: digits(w.accountDigits), reference: digits(w.reference ?? '') };
  const title = words(w.fundraiserTitle);
  const subject = t(`${w.status}Subject`, { title });
  const lines: string[] =
    w.status === 'rejected' ? [t('rejected', facts), words(w.reason ?? ''), t('rejectedNext')] : [t(w.status, facts)];
  const dashboard = `${w.origin}${localizedPath(locale, `/manage/fundraiser/${w.fundraiserId}`)}`;
  const email = await renderEmail({
    locale,
    subject,
    heading: subject,
    brand: w.brand.name,
    color: w.brand.color,
    blocks: [
      { kind: 'text', text: t('greeting', { name: words(w.name) }) },
      ...lines.filter(Boolean).map((text, i) => ({ kind: 'text' as const, text, strong: w.status === 'rejected' && i === 1 })),
      { kind: 'button', label: t('open'), href: dashboard },
    ],
    footer: t('signoff', { brand: w.brand.name }),
  });
  return { channel: 'email', recipient: w.email, subject, body: email.text, html: email.html };
}
