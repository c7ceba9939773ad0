// A campaigner's review outcome from the template set: "your fundraiser is live" with a link that opens the
// story on the site (absolute, tappable) and a WhatsApp share; "please update" with the reviewer's words and the draft.
import { createTranslator } from 'use-intl/core';
import { SHARED_INTL_CACHE } from '../i18n/server-translator';
import { DEFAULT_LOCALE, isLocale, localizedPath, RTL_LOCALES } from '../i18n/locales';
import { isolate, isolateLtr } from '../i18n/bidi';
import { loadMessages } from '../i18n/messages';
import { storyPath } from '../routes';
import type { OutgoingMessage } from '../outbox/queue';
import { renderEmail, type EmailBlock } from './render';

export interface ReviewOutcomeFacts {
  locale?: string;
  email: string;
  name: string;
  title: string;
  fundraiserId: number;
  customTag: string;
  origin: string;
  brand: { name: string; color?: string };
}

type Translate = Awaited<ReturnType<typeof translator>>['t'];

async function translator(locale: string | undefined) {
  const loaded = await loadMessages(locale && isLocale(locale) ? locale : DEFAULT_LOCALE);
  const words = RTL_LOCALES.includes(loaded.locale) ? isolate : (x: string) => x;
  return { locale: loaded.locale, words, t: createTranslator({ ...SHARED_INTL_CACHE, locale: loaded.locale, messages: loaded.messages, namespace: 'Review.email' }) };
}

/** One email from the team in the site's layout: the subject as its heading, the brand's colour, signed by the team. */
async function teamEmail(to: { email: string; brand: { name: string; color?: string } }, locale: string, t: Translate, subject: string, blocks: EmailBlock[]): Promise<OutgoingMessage> {
  const email = await renderEmail({ locale, subject, heading: subject, brand: to.brand.name, color: to.brand.color, blocks, footer: t('signoff', { brand: to.brand.name }) });
  return { channel: 'email', recipient: to.email, subject, body: email.text, html: email.html };
}

export async function fundraiserLiveEmail(f: ReviewOutcomeFacts): Promise<OutgoingMessage> {
  const { locale, t, words } = await translator(f.locale);
  const story = `${f.origin}${localizedPath(locale, storyPath(f.customTag))}`;
  const subject = t('liveSubject', { title: words(f.title) });
  return teamEmail(f, locale, t, subject, [
    { kind: 'text', text: t('greeting', { name: words(f.name) }) },
    { kind: 'text', text: t('liveBody', { title: words(f.title) }) },
    { kind: 'button', label: t('open'), href: story },
    { kind: 'links', items: [{ label: t('share'), href: `https://wa.me/?${new URLSearchParams({ text: t('shareText', { title: f.title, link: story }) })}` }] },
  ]);
}

export async function fundraiserChangesEmail(f: ReviewOutcomeFacts & { reason: string }): Promise<OutgoingMessage> {
  const { locale, t, words } = await translator(f.locale);
  const subject = t('changesSubject', { title: words(f.title) });
  return teamEmail(f, locale, t, subject, [
    { kind: 'text', text: t('greeting', { name: words(f.name) }) },
    { kind: 'text', text: t('changesBody', { title: words(f.title) }) },
    { kind: 'text', text: words(f.reason), strong: true },
    { kind: 'text', text: t('changesNext') },
    { kind: 'button', label: t('openDraft'), href: `${f.origin}${localizedPath(locale, `/manage/fundraiser/${f.fundraiserId}`)}` },
  ]);
}

export type HeldChangeOutcome = { what: 'edit' | 'update'; decision: 'approve' } | { what: 'edit' | 'update'; decision: 'send_back'; reason: string };

/**
 * A reviewer's decision on a held change of a live fundraiser's words (approved: the story shows it) or on a held
 * update (declined with the reviewer's words: it went to no donor), from the template set.
 */
export async function heldChangeEmail(f: ReviewOutcomeFacts, outcome: HeldChangeOutcome): Promise<OutgoingMessage> {
  const { locale, t, words } = await translator(f.locale);
  const title = words(f.title);
  const approved = outcome.decision === 'approve';
  const subject = approved ? t('editLiveSubject', { title }) : t(outcome.what === 'edit' ? 'editDeclinedSubject' : 'updateDeclinedSubject', { title });
  const blocks: EmailBlock[] = approved
    ? [
        { kind: 'text', text: t('greeting', { name: words(f.name) }) },
        { kind: 'text', text: t('editLiveBody', { title }) },
        { kind: 'button', label: t('openStory'), href: `${f.origin}${localizedPath(locale, storyPath(f.customTag))}` },
      ]
    : [
        { kind: 'text', text: t('greeting', { name: words(f.name) }) },
        { kind: 'text', text: t(outcome.what === 'edit' ? 'editDeclinedBody' : 'updateDeclinedBody', { title }) },
        { kind: 'text', text: words(outcome.reason), strong: true },
        { kind: 'text', text: t(outcome.what === 'edit' ? 'editDeclinedNext' : 'updateDeclinedNext') },
        { kind: 'button', label: t('openDashboard'), href: `${f.origin}${localizedPath(locale, `/manage/fundraiser/${f.fundraiserId}`)}` },
      ];
  return teamEmail(f, locale, t, subject, blocks);
}

/** A supporting fundraiser was started for the recipient's: who started it, and the dashboard where it can be declined. */
export async function supportingStartedEmail(f: ReviewOutcomeFacts & { supporter: string | null; supportingTitle: string }): Promise<OutgoingMessage> {
  const { locale, t, words } = await translator(f.locale);
  const title = words(f.title);
  const subject = t('supportingSubject', { title });
  return teamEmail(f, locale, t, subject, [
    { kind: 'text', text: t('greeting', { name: words(f.name) }) },
    { kind: 'text', text: t('supportingBody', { supporter: f.supporter ? words(f.supporter) : t('supporterFallback'), title, supporting: words(f.supportingTitle) }) },
    { kind: 'text', text: t('supportingNext') },
    { kind: 'button', label: t('supportingOpen'), href: `${f.origin}${localizedPath(locale, `/manage/fundraiser/${f.fundraiserId}`)}#supporting-heading` },
  ]);
}

/** The parent's campaigner declined a supporting fundraiser: its starter is thanked and sent to give to the parent. */
export async function supportingDeclinedEmail(f: ReviewOutcomeFacts & { parentTitle: string; parentTag: string }): Promise<OutgoingMessage> {
  const { locale, t, words } = await translator(f.locale);
  const subject = t('supportingDeclinedSubject', { title: words(f.title) });
  const parent = words(f.parentTitle);
  return teamEmail(f, locale, t, subject, [
    { kind: 'text', text: t('greeting', { name: words(f.name) }) },
    { kind: 'text', text: t('supportingDeclinedBody', { parent, title: words(f.title) }) },
    { kind: 'button', label: t('giveToParent', { parent: f.parentTitle }), href: `${f.origin}${localizedPath(locale, storyPath(f.parentTag))}` },
  ]);
}

/** A visitor's message to a campaigner from the story page: their words, how to reply, a link to the story. */
export async function campaignerMessageEmail(f: ReviewOutcomeFacts & { sender: string; message: string; replyTo: string }): Promise<OutgoingMessage> {
  const { locale, t, words } = await translator(f.locale);
  const subject = t('messageSubject', { title: words(f.title) });
  return teamEmail(f, locale, t, subject, [
    { kind: 'text', text: t('greeting', { name: words(f.name) }) },
    { kind: 'text', text: t('messageIntro', { sender: words(f.sender) }) },
    { kind: 'text', text: words(f.message), strong: true },
    { kind: 'text', text: t('messageReply', { contact: isolateLtr(f.replyTo) }) },
    { kind: 'text', text: t('messagePrivacy', { brand: f.brand.name }) },
    { kind: 'button', label: t('openStory'), href: `${f.origin}${localizedPath(locale, storyPath(f.customTag))}` },
  ]);
}

/** A field agent started a fundraiser for the recipient: who, and where to sign in with this email to follow it. */
export async function beneficiaryEmail(b: { locale?: string; email: string; agent: string; origin: string; brand: { name: string; color?: string } }): Promise<OutgoingMessage> {
  const { locale, t, words } = await translator(b.locale);
  const subject = t('beneficiarySubject');
  return teamEmail(b, locale, t, subject, [
    { kind: 'text', text: t('beneficiaryBody', { agent: words(b.agent), brand: b.brand.name }) },
    { kind: 'button', label: t('signIn'), href: `${b.origin}${localizedPath(locale, `/new/signin?${new URLSearchParams({ redirect_uri: '/manage/list' })}`)}` },
  ]);
}

/** The same news by SMS when the agent gave only the beneficiary's phone: who, and to sign in with this number. */
export async function beneficiarySms(b: { locale?: string; phone: string; agent: string; brand: { name: string } }): Promise<OutgoingMessage> {
  const { t, words } = await translator(b.locale);
  return { channel: 'sms', recipient: b.phone, body: t('beneficiarySms', { agent: words(b.agent), brand: b.brand.name }) };
}
