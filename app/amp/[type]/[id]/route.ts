import { createTranslator } from 'next-intl';
import { cachedFundraiserById } from '@/lib/story/cached';
import { ampStoryDocument } from '@/lib/seo/amp';
import { requestOrigin } from '@/lib/whitelabel/request-origin';
import { formatMoney } from '@/lib/money';
import { progressPercent } from '@/lib/fundraisers/rules';
import { isFundraiserEnded } from '@/lib/fundraisers/status';
import { DEFAULT_LOCALE, directionOf } from '@/lib/i18n/locales';
import { framingHeaders, storyPath } from '@/lib/routes';
import { loadMessages } from '@/lib/i18n/messages';
import { isRowId } from '@/lib/validation/ids';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// the AMP types the product serves (spec 2: amp/{type}/{id}); any other type is 404
const AMP_TYPES = ['stories'];

const notFoundText = () => new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });

// the story comes from the story cache, not a query of its own
export const GET = route({ who: 'anyone', database: false }, async ({ request, params }) => {
  const { type, id } = params;
  const fundraiserId = /^\d+$/.test(id) && isRowId(Number(id)) ? Number(id) : null;
  if (!AMP_TYPES.includes(type) || fundraiserId === null) return notFoundText();
  const f = await cachedFundraiserById(fundraiserId);
  // a private story is shown only after its PIN, which an AMP page cannot ask for
  if (!f || f.is_private) return notFoundText();

  const origin = await requestOrigin(request);
  const locale = DEFAULT_LOCALE;
  const { messages } = await loadMessages(locale);
  const t = createTranslator({ locale, messages, namespace: 'Story' });
  const tc = createTranslator({ locale, messages, namespace: 'Card' });
  const percent = progressPercent(f.raised_minor, f.goal_minor);
  const story = new URL(storyPath(f.custom_tag), origin);
  const html = ampStoryDocument({
    fundraiser: f,
    origin,
    canonicalUrl: story.toString(),
    // spec 2: Contribute opens the story with donate=1
    contributeUrl: isFundraiserEnded(f) ? null : `${story}?donate=1`,
    locale,
    dir: directionOf(locale),
    raised: formatMoney(f.raised_minor, f.currency, locale),
    percent,
    labels: {
      goal: t('goal', { goal: formatMoney(f.goal_minor, f.currency, locale) }),
      contribute: t('contribute'),
      ended: t('ended'),
      story: t('story'),
      progress: tc('progress', { percent }),
    },
  });
  // framed by no site, as the story page itself (middleware, which sets it on pages, does not run for /amp).
  // AMP caches serve their own copy from their own domain: the origin's framing headers do not reach their viewers
  return new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'public, s-maxage=300, stale-while-revalidate=3600', ...framingHeaders(false) } });
});
