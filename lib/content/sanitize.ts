// Campaigner-authored story and update HTML is untrusted: keep formatting, drop scripts, handlers and unsafe URLs.
import sanitizeHtml from 'sanitize-html';

const STORY_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'b', 'strong', 'i', 'em', 'u', 's', 'ul', 'ol', 'li', 'h2', 'h3', 'h4', 'blockquote', 'a', 'img', 'figure', 'figcaption', 'span', 'div'],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'], img: ['src', 'alt', 'width', 'height'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // pictures come only from the platform's own uploads; another site's picture can track every reader
  exclusiveFilter: (frame) => frame.tag === 'img' && !isOwnMediaPath(frame.attribs.src),
  transformTags: {
    // links leave the site in a new tab and pass no authority to the target
    a: sanitizeHtml.simpleTransform('a', { rel: 'nofollow ugc noopener noreferrer', target: '_blank' }),
    // lazy images keep the story's first paint on the hero image
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy', decoding: 'async' } }),
  },
};

/** A path of our own media (uploads and the demo's pictures), never another host's address. */
export const isOwnMediaPath = (src: string | undefined): boolean => typeof src === 'string' && /^\/media\/[A-Za-z0-9_-][A-Za-z0-9/_.-]*$/.test(src) && !src.includes('..');

export function sanitizeStoryHtml(html: string | null | undefined): string {
  if (!html) return '';
  return sanitizeHtml(html, { ...STORY_OPTIONS, allowedAttributes: { ...STORY_OPTIONS.allowedAttributes, img: ['src', 'alt', 'width', 'height', 'loading', 'decoding'] } });
}

/** Plain text of story HTML: tags dropped, entities decoded, whitespace collapsed. */
export function htmlToText(html: string | null | undefined): string {
  if (!html) return '';
  const text = sanitizeHtml(html.replace(/<(br|\/p|\/li|\/h[2-4]|\/div)\s*\/?>/gi, ' $&'), { allowedTags: [], allowedAttributes: {} });
  return decodeEntities(text).replace(/\s+/g, ' ').trim();
}

function decodeEntities(text: string): string {
  return text
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&amp;/g, '&');
}

/** Cut text at a length on a word boundary, ending with an ellipsis inside the limit. */
export function truncateText(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max * 0.6 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}
