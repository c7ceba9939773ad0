// What in a fundraiser's title, short description or story (or an update to its donors) sends money or
// people somewhere the platform cannot vouch for, held for the reviewer with the reasons: links and pictures from other
// websites, UPI IDs, phone numbers and bank details. Pure (no database): the caller says which hosts are ours. Flags in
// a story or update are for a person to judge; short texts with no room for them (rewards, replies) are refused.
import * as linkify from 'linkifyjs';
import sanitizeHtml from 'sanitize-html';
import { htmlToText } from './sanitize';

export const SCREENING_FLAG_KINDS = ['outside_link', 'outside_image', 'upi_id', 'phone_number', 'bank_details'] as const;
export type ScreeningFlagKind = (typeof SCREENING_FLAG_KINDS)[number];

/** Where a text was found: a fundraiser's title, short description and story, or an update's title and text. */
export type ScreenedField = 'title' | 'short_description' | 'story' | 'update_title' | 'update';

export interface ScreeningFlag {
  kind: ScreeningFlagKind;
  /** where it was found */
  field: ScreenedField;
  /** what was found, as written (a reviewer reads it; never rendered as a link) */
  found: string;
}

export interface ScreenedText {
  title: string;
  /** plain text shown on cards and in search results */
  short_description?: string | null;
  /** the story's HTML as the campaigner sent it (before sanitising: a picture the sanitiser drops is still flagged) */
  story: string | null;
}

/** One part of what is screened: plain text, or HTML whose links and pictures are looked at too. */
type ScreenedPart = { field: ScreenedField; text: string } | { field: ScreenedField; html: string };

// spec 5's UPI id (name@handle) inside text: a handle has no dot, which tells it from an email address
const UPI_ID_IN_TEXT = /(?<![\w.@-])[a-zA-Z0-9._-]{2,256}@[a-zA-Z][a-zA-Z0-9-]{1,64}(?![\w.@-]*\.[a-zA-Z])(?![\w@-])/g;
// an Indian bank branch code: four letters, a zero, six letters or digits
const IFSC_IN_TEXT = /(?<![A-Za-z0-9])[A-Za-z]{4}0[A-Za-z0-9]{6}(?![A-Za-z0-9])/g;
// a run of digits as people write numbers (spaces, dashes, dots, brackets inside; an optional + in front)
const DIGIT_RUN = /\+?\(?\d[\d\s().-]{6,}\d/g;
// spec 5: an Indian mobile number, optional 91 or 0 first, then 6-9 and nine more digits
const INDIAN_MOBILE_DIGITS = /^(?:91|0)?[6-9]\d{9}$/;
const INTERNATIONAL_PHONE_DIGITS = { min: 8, max: 15 };
// Indian savings and current accounts run from 9 to 18 digits
const BANK_ACCOUNT_DIGITS = { min: 9, max: 18 };

const hostOf = (href: string): string | null => {
  try {
    return new URL(href).hostname.toLowerCase();
  } catch {
    return null;
  }
};

/** A link or picture address that leaves our own site: absolute with another host, protocol-relative, or another scheme. */
function isOutside(href: string, isOwnHost: (host: string) => boolean): boolean {
  const value = href.trim();
  if (!value || value.startsWith('#')) return false;
  if (value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\')) return false;
  const host = hostOf(value.startsWith('//') ? `https:${value}` : value);
  return host === null || !isOwnHost(host);
}

/** The href of every link and the src of every picture in the story's HTML. */
function addressesIn(html: string): { links: string[]; images: string[] } {
  const links: string[] = [];
  const images: string[] = [];
  sanitizeHtml(html, {
    allowedTags: ['a', 'img'],
    allowedAttributes: false,
    allowVulnerableTags: false,
    exclusiveFilter: (frame) => {
      if (frame.tag === 'a' && frame.attribs.href) links.push(frame.attribs.href);
      if (frame.tag === 'img' && frame.attribs.src) images.push(frame.attribs.src);
      return false;
    },
  });
  return { links, images };
}

function numbersIn(text: string, field: ScreenedField): ScreeningFlag[] {
  const flags: ScreeningFlag[] = [];
  for (const [raw] of text.matchAll(DIGIT_RUN)) {
    const found = raw.trim();
    const digits = found.replace(/\D/g, '');
    if (INDIAN_MOBILE_DIGITS.test(digits) || (found.startsWith('+') && digits.length >= INTERNATIONAL_PHONE_DIGITS.min && digits.length <= INTERNATIONAL_PHONE_DIGITS.max)) {
      flags.push({ kind: 'phone_number', field, found });
    } else if (digits.length >= BANK_ACCOUNT_DIGITS.min && digits.length <= BANK_ACCOUNT_DIGITS.max) {
      flags.push({ kind: 'bank_details', field, found });
    }
  }
  for (const [found] of text.matchAll(IFSC_IN_TEXT)) if (/\d/.test(found)) flags.push({ kind: 'bank_details', field, found });
  return flags;
}

function textFlags(text: string, field: ScreenedField, isOwnHost: (host: string) => boolean): ScreeningFlag[] {
  const flags: ScreeningFlag[] = [];
  // a "name.handle" right before an @ is a UPI ID's name, not a web address
  for (const link of linkify.find(text, 'url')) if (text[link.end] !== '@' && isOutside(link.href, isOwnHost)) flags.push({ kind: 'outside_link', field, found: link.value });
  for (const [found] of text.matchAll(UPI_ID_IN_TEXT)) flags.push({ kind: 'upi_id', field, found });
  return [...flags, ...numbersIn(text, field)];
}

/** The links, pictures, payment details and numbers in one HTML part. */
function htmlFlags(html: string, field: ScreenedField, isOwnHost: (host: string) => boolean): ScreeningFlag[] {
  const { links, images } = addressesIn(html);
  return [
    // a tel: link is a phone number; a mailto: link opens the reader's own mail, no website
    ...links.filter((href) => /^\s*tel:/i.test(href)).map((href): ScreeningFlag => ({ kind: 'phone_number', field, found: href.replace(/^\s*tel:/i, '') })),
    ...links.filter((href) => !/^\s*(tel|mailto):/i.test(href) && isOutside(href, isOwnHost)).map((found): ScreeningFlag => ({ kind: 'outside_link', field, found })),
    ...images.filter((src) => isOutside(src, isOwnHost)).map((found): ScreeningFlag => ({ kind: 'outside_image', field, found })),
    ...textFlags(htmlToText(html), field, isOwnHost),
  ];
}

const flagKey = (f: ScreeningFlag) => `${f.kind}:${f.found.toLowerCase()}`;

function screenParts(parts: ScreenedPart[], isOwnHost: (host: string) => boolean): ScreeningFlag[] {
  const flags = parts.flatMap((p) => ('html' in p ? htmlFlags(p.html, p.field, isOwnHost) : textFlags(p.text, p.field, isOwnHost)));
  const seen = new Set<string>();
  return flags.filter((f) => {
    if (seen.has(flagKey(f))) return false;
    seen.add(flagKey(f));
    return true;
  });
}

/** Every reason to hold a fundraiser's title, short description and story for a reviewer's eyes, each found text once per kind. */
export function screenFundraiserText(input: ScreenedText, isOwnHost: (host: string) => boolean): ScreeningFlag[] {
  return screenParts(
    [
      { field: 'title', text: input.title },
      { field: 'short_description', text: input.short_description ?? '' },
      { field: 'story', html: input.story ?? '' },
    ],
    isOwnHost,
  );
}

/** The same screening of an update posted to donors: its title and its text. */
export function screenUpdateText(input: { title?: string | null; body: string }, isOwnHost: (host: string) => boolean): ScreeningFlag[] {
  return screenParts(
    [
      { field: 'update_title', text: input.title ?? '' },
      { field: 'update', html: input.body },
    ],
    isOwnHost,
  );
}

/** What a short plain text (a reward, a reply to a comment) carries that could send donors elsewhere. */
export function screenPlainText(text: string, isOwnHost: (host: string) => boolean): Omit<ScreeningFlag, 'field'>[] {
  return screenParts([{ field: 'title', text }], isOwnHost).map(({ kind, found }) => ({ kind, found }));
}

/** The flags of new words that the words already public (approved) did not have: a reviewer judges only what changed. */
export function flagsNotIn(flags: ScreeningFlag[], approved: ScreeningFlag[]): ScreeningFlag[] {
  const known = new Set(approved.map(flagKey));
  return flags.filter((f) => !known.has(flagKey(f)));
}
