// spec 2/9: the embeddable fundraiser carousel's rules.
import { CAROUSEL_ARROWS_ABOVE, CAROUSEL_CARDS_PER_VIEW_DESKTOP, CAROUSEL_CARDS_PER_VIEW_MOBILE } from '../constants/listing';
import { localizedPath } from '../i18n/locales';
import { firstParam, storyPath } from '../routes';

export const slidesPerView = (isMobile: boolean): number => (isMobile ? CAROUSEL_CARDS_PER_VIEW_MOBILE : CAROUSEL_CARDS_PER_VIEW_DESKTOP);

/** Arrows only when there are more cards than fit the desktop view. */
export const showArrows = (cardCount: number): boolean => cardCount > CAROUSEL_ARROWS_ABOVE;

/** isMobile=1|true in the query forces the mobile layout. */
export function forcesMobile(value: string | string[] | undefined): boolean {
  const v = firstParam(value);
  return v === '1' || v === 'true';
}

/**
 * Card links: the card opens the story; Contribute opens it with donate=1, plus payment=form when
 * the visitor stays in our app (framed, the parent page opens the story itself).
 */
export function listingLinks(origin: string, locale: string, customTag: string) {
  const story = new URL(localizedPath(locale, storyPath(customTag)), origin).toString();
  const withQuery = (q: Record<string, string>) => `${story}?${new URLSearchParams(q)}`;
  return { story, contribute: withQuery({ donate: '1', payment: 'form' }), framedContribute: withQuery({ donate: '1' }) };
}

export const STORY_MESSAGE_TYPE = 'sahyog:open-story';
