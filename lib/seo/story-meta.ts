// Search and share previews for a story: description, canonical, hreflang alternates, JSON-LD.
import { SHARE_IMAGE_HEIGHT, SHARE_IMAGE_WIDTH } from '../constants/media';
import { STORY_META_DESCRIPTION_LENGTH } from '../constants/seo';
import { htmlToText } from '../content/sanitize';
import { LOCALES, DEFAULT_LOCALE, localizedPath } from '../i18n/locales';
import { shareImagePath, storyPath } from '../routes';
import { cardImage } from '../fundraisers/rules';
import { isFundraiserEnded } from '../fundraisers/status';
import { toMajor } from '../money';
import type { FundraiserDetail } from '../fundraisers/queries';

/** spec 1/9: the story text without markup, cut at 155 characters. */
export function storyMetaDescription(f: Pick<FundraiserDetail, 'story_description' | 'short_description' | 'title'>): string {
  const text = htmlToText(f.story_description) || f.short_description || f.title;
  return text.length > STORY_META_DESCRIPTION_LENGTH ? text.slice(0, STORY_META_DESCRIPTION_LENGTH) : text;
}

export function absoluteUrl(origin: string, path: string): string {
  return new URL(path, origin).toString();
}

/** hreflang alternates for the six locales plus x-default, all absolute on the site's own origin. */
export function localeAlternates(origin: string, path: string): Record<string, string> {
  const languages: Record<string, string> = {};
  for (const l of LOCALES) languages[l] = absoluteUrl(origin, localizedPath(l, path));
  languages['x-default'] = absoluteUrl(origin, localizedPath(DEFAULT_LOCALE, path));
  return languages;
}

/** The share preview of a story: the 1200x630 JPEG for public ones; a private one keeps its own picture (no preview is made for it). */
export function storyImage(origin: string, f: Pick<FundraiserDetail, 'id' | 'images' | 'is_private'>): { url: string; width: number | undefined; height: number | undefined } {
  if (!f.is_private) return { url: absoluteUrl(origin, shareImagePath(f.id)), width: SHARE_IMAGE_WIDTH, height: SHARE_IMAGE_HEIGHT };
  const own = f.images.leaderboard;
  return { url: absoluteUrl(origin, cardImage(f.images)), width: own?.width ?? undefined, height: own?.height ?? undefined };
}


/** JSON-LD for a fundraiser: a DonateAction on a WebPage about the beneficiary's cause. */
export function storyJsonLd(origin: string, locale: string, f: FundraiserDetail, now = new Date()) {
  const url = absoluteUrl(origin, localizedPath(locale, storyPath(f.custom_tag)));
  return {
    '@context': 'https://schema.org',
    '@type': 'WebPage',
    '@id': url,
    url,
    name: f.title,
    description: storyMetaDescription(f),
    image: storyImage(origin, f).url,
    inLanguage: locale,
    potentialAction: {
      '@type': 'DonateAction',
      name: f.title,
      target: absoluteUrl(origin, `/new/payment?ct=${encodeURIComponent(f.custom_tag)}&id=${f.id}&payment=form`),
      actionStatus: isFundraiserEnded(f, now) ? 'CompletedActionStatus' : 'PotentialActionStatus',
      recipient: { '@type': f.entity_details_id ? 'Organization' : 'Person', name: f.beneficiary_name ?? f.campaigner_name },
      price: toMajor(f.goal_minor),
      priceCurrency: f.currency,
    },
    author: { '@type': 'Person', name: f.campaigner_name },
  };
}

/** JSON inside <script>: '<' escaped so a story can never close the tag. */
export function jsonLdScript(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
