// Every change a donor makes to a SIP (start, amount, pause, resume, skip, cancel) is confirmed by email to
// the SIP's donor, in the SIP's language, from the template set: what changed, the amount, the causes, the next debit,
// a button to the SIP page and the signed one-tap links that work signed out.
import { createTranslator } from 'use-intl/core';
import { SHARED_INTL_CACHE } from '../i18n/server-translator';
import { DEFAULT_LOCALE, isLocale, localizedPath, RTL_LOCALES } from '../i18n/locales';
import { isolate, isolateLtr } from '../i18n/bidi';
import { loadMessages } from '../i18n/messages';
import { formatMoney } from '../money';
import { SIP_PAGE_PATH, SIP_SUBSCRIBE_PATH } from '../routes';
import { renderEmail, type EmailBlock, type RenderedEmail } from './render';

export type SipConfirmation =
  | { kind: 'start' }
  | { kind: 'amount'; oldMinor: number }
  | { kind: 'pause'; until: Date }
  | { kind: 'resume' }
  | { kind: 'skip'; date: Date }
  | { kind: 'cancel'; reason: string | null };

export interface SipEmailFacts {
  locale: string;
  donorName: string;
  amountMinor: number;
  currency: string;
  /** cause slugs (or a fundraiser's title) the SIP gives to */
  causes: string[];
  nextDebit: Date | null;
  /** the site the SIP was set up on: every link is absolute on it */
  origin: string;
  brand: string;
  color?: string;
  /** the SIP's signed one-tap links (lib/sip/links.ts sipLinkBlock), none once cancelled */
  links: EmailBlock | null;
}

// each locale's own month names and digits, as the SIP pages write dates
const DATE_LOCALE: Record<string, string> = { en: 'en-IN', hi: 'hi-IN', ta: 'ta-IN', te: 'te-IN', ar: 'ar', ur: 'ur-PK' };
export const emailDate = (date: Date, locale: string) => date.toLocaleDateString(DATE_LOCALE[locale] ?? DATE_LOCALE.en, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Kolkata' });

export async function sipConfirmationEmail(change: SipConfirmation, f: SipEmailFacts): Promise<RenderedEmail> {
  const { locale, messages } = await loadMessages(isLocale(f.locale) ? f.locale : DEFAULT_LOCALE);
  const t = createTranslator({ ...SHARED_INTL_CACHE, locale, messages, namespace: 'SipManage.email' });
  const causeName = createTranslator({ ...SHARED_INTL_CACHE, locale, messages, namespace: 'Sip.causes' });
  // in Arabic and Urdu, Latin names and amounts keep their own direction
  const rtl = RTL_LOCALES.includes(locale);
  const words = rtl ? isolate : (x: string) => x;
  const digits = rtl ? isolateLtr : (x: string) => x;
  const money = (minor: number) => digits(formatMoney(minor, f.currency, locale, { exact: true }));
  const amount = money(f.amountMinor);
  const causes = words(f.causes.map((c) => (causeName.has(c as never) ? causeName(c as never) : c)).join(', '));
  const date = (d: Date) => emailDate(d, locale);
  const sipPage = `${f.origin}${localizedPath(locale, SIP_PAGE_PATH)}`;

  let subject: string;
  let body: string;
  switch (change.kind) {
    case 'start':
      subject = t('startSubject', { amount });
      body = t('startBody', { amount, causes });
      break;
    case 'amount':
      subject = t('amountSubject', { amount });
      body = t('amountBody', { amount, causes, old: money(change.oldMinor) });
      break;
    case 'pause':
      subject = t('pauseSubject', { date: date(change.until) });
      body = t('pauseBody', { amount, causes, date: date(change.until) });
      break;
    case 'resume':
      subject = t('resumeSubject');
      body = t('resumeBody', { amount, causes });
      break;
    case 'skip':
      subject = t('skipSubject', { date: date(change.date) });
      body = t('skipBody', { amount, causes, date: date(change.date) });
      break;
    case 'cancel':
      subject = t('cancelSubject');
      body = t('cancelBody', { amount, causes });
      break;
  }
  const rows = [
    { label: t('facts.amount'), value: amount },
    { label: t('facts.causes'), value: causes },
    ...(f.nextDebit && change.kind !== 'cancel' ? [{ label: t('facts.nextDebit'), value: date(f.nextDebit) }] : []),
  ];
  const blocks: EmailBlock[] = [
    { kind: 'text', text: t('greeting', { name: words(f.donorName) }) },
    { kind: 'text', text: body, strong: true },
    ...(change.kind === 'cancel' && change.reason ? [{ kind: 'text' as const, text: t('cancelReason', { reason: words(change.reason) }) }] : []),
    { kind: 'facts', rows },
    change.kind === 'cancel'
      ? { kind: 'button', label: t('startAgain'), href: `${f.origin}${localizedPath(locale, SIP_SUBSCRIBE_PATH)}` }
      : { kind: 'button', label: t('openSip'), href: sipPage },
    ...(f.links ? [f.links] : []),
    { kind: 'text', text: t('thanks') },
  ];
  return renderEmail({ locale, subject, heading: subject, brand: f.brand, color: f.color, blocks, footer: t('signoff') });
}
