// AMP story document (spec 2: amp/{type}/{id}): the AMP boilerplate, amp-img with sizes, no custom JavaScript.
import sanitizeHtml from 'sanitize-html';
import { sanitizeStoryHtml } from '../content/sanitize';
import { DEFAULT_FUNDRAISER_IMAGE } from '../fundraisers/rules';
import type { FundraiserDetail, MediaRef } from '../fundraisers/queries';
import { jsonLdScript, storyJsonLd, storyMetaDescription } from './story-meta';

export const AMP_RUNTIME_URL = 'https://cdn.ampproject.org/v0.js';
// amp.dev: the whole <style amp-custom> may hold at most 75,000 bytes
export const AMP_CUSTOM_CSS_MAX_BYTES = 75_000;

// the boilerplate exactly as https://amp.dev/documentation/guides-and-tutorials/learn/spec/amp-boilerplate
export const AMP_BOILERPLATE =
  '<style amp-boilerplate>body{-webkit-animation:-amp-start 8s steps(1,end) 0s 1 normal both;-moz-animation:-amp-start 8s steps(1,end) 0s 1 normal both;-ms-animation:-amp-start 8s steps(1,end) 0s 1 normal both;animation:-amp-start 8s steps(1,end) 0s 1 normal both}@-webkit-keyframes -amp-start{from{visibility:hidden}to{visibility:visible}}@-moz-keyframes -amp-start{from{visibility:hidden}to{visibility:visible}}@-ms-keyframes -amp-start{from{visibility:hidden}to{visibility:visible}}@-o-keyframes -amp-start{from{visibility:hidden}to{visibility:visible}}@keyframes -amp-start{from{visibility:hidden}to{visibility:visible}}</style><noscript><style amp-boilerplate>body{-webkit-animation:none;-moz-animation:none;-ms-animation:none;animation:none}</style></noscript>';

// the images of a story never grow past the column: sizes tells AMP which width to fetch
const IMAGE_SIZES = '(max-width: 720px) 100vw, 720px';
// story images without known dimensions: a 16:9 box, letterboxed (object-fit) rather than distorted
const FALLBACK_IMAGE_SIZE = { width: 1200, height: 675 } as const;
const PROGRESS_STEP = 10;

// progress widths as classes: AMP forbids inline style attributes
const PROGRESS_CSS = Array.from({ length: 100 / PROGRESS_STEP + 1 }, (_, k) => `.w${k * PROGRESS_STEP}{width:${k * PROGRESS_STEP}%}`).join('');

export const AMP_CUSTOM_CSS =
  'body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;color:#1f2937;background:#f8fafc;line-height:1.5}' +
  'main{max-width:720px;margin:0 auto;padding:16px}h1{font-size:24px;line-height:1.25;margin:8px 0 16px}' +
  '.figures{font-size:20px;font-weight:700;margin:16px 0 8px}.muted{color:#6b7280;font-weight:400;font-size:16px}' +
  '.bar{height:8px;background:#e5e7eb;border-radius:4px;overflow:hidden}.bar span{display:block;height:8px;background:#0f766e}' +
  '.btn{display:block;text-align:center;background:#0f766e;color:#fff;padding:14px;border-radius:8px;text-decoration:none;font-weight:700;margin:16px 0}' +
  '.ended{font-weight:700;color:#b91c1c}.story{overflow-wrap:anywhere}.story a{color:#0f766e}' +
  'amp-img.contain img{object-fit:contain}' +
  PROGRESS_CSS;

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text and attribute values for HTML: the five markup characters escaped. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
}

const positiveInt = (value: string | number | null | undefined): number | null => {
  const n = typeof value === 'number' ? value : /^\d{1,5}$/.test(value ?? '') ? Number(value) : NaN;
  return Number.isInteger(n) && n > 0 ? n : null;
};

/** Width and height as a pair: AMP needs both, and one without the other would distort the image. */
function imageSize(width: string | number | null | undefined, height: string | number | null | undefined) {
  const w = positiveInt(width);
  const h = positiveInt(height);
  return w && h ? { width: w, height: h } : FALLBACK_IMAGE_SIZE;
}

/** Story HTML made AMP-valid: images become amp-img with sizes; attributes AMP forbids (loading, decoding, style) are dropped. */
export function ampStoryBody(html: string | null | undefined, origin: string): string {
  return sanitizeHtml(sanitizeStoryHtml(html), {
    allowedTags: ['p', 'br', 'b', 'strong', 'i', 'em', 'u', 's', 'ul', 'ol', 'li', 'h2', 'h3', 'h4', 'blockquote', 'a', 'amp-img', 'figure', 'figcaption', 'span', 'div'],
    allowedAttributes: { a: ['href', 'title', 'target', 'rel'], 'amp-img': ['src', 'alt', 'width', 'height', 'layout', 'sizes', 'class'] },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowedSchemesByTag: { 'amp-img': ['https', 'http'] },
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    // frame.tag is the tag as written (img), frame.attribs the transformed ones
    exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
    transformTags: {
      img: (_tag, a): sanitizeHtml.Tag => {
        const src = absoluteImageUrl(a.src ?? '', origin);
        // amp-img needs a src: an image whose URL the story sanitiser refused is left out (exclusiveFilter)
        if (!src) return { tagName: 'amp-img', attribs: {} };
        const { width, height } = imageSize(a.width, a.height);
        return {
          tagName: 'amp-img',
          attribs: {
            src,
            alt: a.alt ?? '',
            width: String(width),
            height: String(height),
            layout: 'responsive',
            sizes: IMAGE_SIZES,
            class: 'contain',
          },
        };
      },
    },
  });
}

function absoluteImageUrl(src: string, origin: string): string {
  if (!src) return '';
  try {
    return new URL(src, origin).toString();
  } catch {
    return '';
  }
}

/** spec 2: the leaderboard image, else theater, else widget, else the default image; with its stored size. */
export function heroImage(images: FundraiserDetail['images'], origin: string): { src: string; width: number; height: number } {
  const chosen: MediaRef | null = [images.leaderboard, images.theater, images.widget].find((m) => m?.cdn_path) ?? null;
  const src = new URL(chosen?.cdn_path ?? DEFAULT_FUNDRAISER_IMAGE, origin).toString();
  return { src, ...imageSize(chosen?.width, chosen?.height) };
}

export interface AmpStoryInput {
  fundraiser: FundraiserDetail;
  /** the request host's origin: every URL of the document is absolute on it */
  origin: string;
  /** the absolute URL of the story page (link rel=canonical) */
  canonicalUrl: string;
  /** where Contribute leads; null once the fundraiser has ended */
  contributeUrl: string | null;
  locale: string;
  dir: 'ltr' | 'rtl';
  /** formatted amounts (lib/money formatMoney) */
  raised: string;
  percent: number;
  labels: { goal: string; contribute: string; ended: string; story: string; progress: string };
  now?: Date;
}

/** The whole AMP HTML document of a public story. Every text is escaped; the only scripts are the AMP runtime and JSON-LD. */
export function ampStoryDocument(i: AmpStoryInput): string {
  const f = i.fundraiser;
  const hero = heroImage(f.images, i.origin);
  // rounded down: the bar never shows more than was raised
  const width = Math.min(100, Math.max(0, Math.floor(i.percent / PROGRESS_STEP) * PROGRESS_STEP));
  const action = i.contributeUrl
    ? `<a class="btn" href="${escapeHtml(i.contributeUrl)}">${escapeHtml(i.labels.contribute)}</a>`
    : `<p class="ended">${escapeHtml(i.labels.ended)}</p>`;
  return `<!doctype html>
<html ⚡ lang="${escapeHtml(i.locale)}" dir="${i.dir}">
<head>
<meta charset="utf-8">
<script async src="${AMP_RUNTIME_URL}"></script>
<title>${escapeHtml(f.title)}</title>
<link rel="canonical" href="${escapeHtml(i.canonicalUrl)}">
<meta name="viewport" content="width=device-width">
<meta name="description" content="${escapeHtml(storyMetaDescription(f))}">
<script type="application/ld+json">${jsonLdScript(storyJsonLd(i.origin, i.locale, f, i.now))}</script>
${AMP_BOILERPLATE}
<style amp-custom>${AMP_CUSTOM_CSS}</style>
</head>
<body>
<main>
<h1>${escapeHtml(f.title)}</h1>
<amp-img src="${escapeHtml(hero.src)}" alt="${escapeHtml(f.title)}" width="${hero.width}" height="${hero.height}" layout="responsive" sizes="${IMAGE_SIZES}"></amp-img>
<p class="figures">${escapeHtml(i.raised)} <span class="muted">${escapeHtml(i.labels.goal)}</span></p>
<div class="bar" role="img" aria-label="${escapeHtml(i.labels.progress)}"><span class="w${width}"></span></div>
${action}
<h2>${escapeHtml(f.story_title || i.labels.story)}</h2>
<div class="story">${ampStoryBody(f.story_description, i.origin)}</div>
</main>
</body>
</html>`;
}
