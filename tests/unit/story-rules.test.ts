import { sanitizeStoryHtml, htmlToText, truncateText } from '@/lib/content/sanitize';
import { shareLinks, sharedStoryUrl, whatsappShareText } from '@/lib/story/share';
import { tickerOthersCount, tickerSchedule } from '@/lib/story/ticker';
import { jsonLdScript, localeAlternates, storyMetaDescription } from '@/lib/seo/story-meta';
import { legacyRedirectTarget } from '@/lib/routes';
import { trackingTitle } from '@/lib/validation/story';
import { LOCALES } from '@/lib/i18n/locales';

describe('story HTML is sanitised on the server', () => {
  it('drops scripts, event handlers and javascript: links but keeps formatting', () => {
    const html = sanitizeStoryHtml(
      '<p onclick="steal()">Help <b>Riya</b><script>alert(1)</script></p><a href="javascript:alert(1)">x</a><img src="x" onerror="alert(1)"><iframe src="https://evil"></iframe><a href="https://ok.example">ok</a>',
    );
    expect(html).not.toMatch(/script|onclick|onerror|javascript:|iframe/i);
    expect(html).toContain('<b>Riya</b>');
    expect(html).toContain('<a href="https://ok.example" rel="nofollow ugc noopener noreferrer" target="_blank">ok</a>');
  });
  it('drops data: and protocol-relative image sources', () => {
    expect(sanitizeStoryHtml('<img src="data:image/svg+xml,<svg onload=alert(1)>"><img src="//evil/x.png">')).not.toMatch(/data:|\/\/evil/);
  });
});

describe('spec 1/9: story meta description', () => {
  it('is the story text without markup, cut at 155 characters', () => {
    const story = `<p>${'Riya needs a liver transplant &amp; your help. '.repeat(10)}</p>`;
    const d = storyMetaDescription({ story_description: story, short_description: null, title: 'T' });
    expect(d).toHaveLength(155);
    expect(d).not.toMatch(/<|&amp;/);
    expect(d.startsWith('Riya needs a liver transplant & your help.')).toBe(true);
  });
  it('keeps a short story whole and falls back to the summary, then the title', () => {
    expect(storyMetaDescription({ story_description: '<p>Short.</p>', short_description: 'S', title: 'T' })).toBe('Short.');
    expect(storyMetaDescription({ story_description: null, short_description: null, title: 'Title' })).toBe('Title');
  });
  it('htmlToText separates blocks and truncateText ends inside the limit', () => {
    expect(htmlToText('<p>One</p><p>Two<br>Three</p>')).toBe('One Two Three');
    const cut = truncateText('word '.repeat(100), 50);
    expect(cut.length).toBeLessThanOrEqual(50);
    expect(cut.endsWith('…')).toBe(true);
  });
});

describe('spec 9: share links', () => {
  const storyUrl = 'https://partner.example/stories/help-riya';
  it('cuts the WhatsApp message at 441 characters with an ellipsis and keeps the link whole', () => {
    const text = whatsappShareText('a'.repeat(1000), 'https://x.example/s?utm_source=whatsapp');
    const [message, link] = text.split('\n');
    expect(message).toHaveLength(441);
    expect(message.endsWith('…')).toBe(true);
    expect(link).toBe('https://x.example/s?utm_source=whatsapp');
    expect(whatsappShareText('short', 'L')).toBe('short\nL');
  });
  it('every share link carries utm fields for its channel', () => {
    const links = shareLinks({ storyUrl, customTag: 'help-riya', message: 'Please help' });
    const wa = decodeURIComponent(links.whatsapp);
    expect(wa).toContain('utm_source=whatsapp&utm_medium=share&utm_campaign=help-riya');
    expect(decodeURIComponent(links.facebook)).toContain(`u=${storyUrl}?utm_source=facebook&utm_medium=share&utm_campaign=help-riya`);
    expect(links.copy).toBe(`${storyUrl}?utm_source=copy&utm_medium=share&utm_campaign=help-riya`);
    expect(sharedStoryUrl(`${storyUrl}?utm_source=old`, 'copy', 't')).not.toContain('old');
  });
});

describe('spec 4: donation ticker', () => {
  it('shows at 1, 15, 27, 40 s on mobile and hides after 4 s', () => {
    expect(tickerSchedule(true, 10).map((s) => [s.showAtMs, s.hideAtMs])).toEqual([
      [1000, 5000],
      [15000, 19000],
      [27000, 31000],
      [40000, 44000],
    ]);
  });
  it('shows at 4.5, 14, 26, 40 s on desktop and hides after 4.5 s', () => {
    expect(tickerSchedule(false, 10).map((s) => [s.showAtMs, s.hideAtMs])).toEqual([
      [4500, 9000],
      [14000, 18500],
      [26000, 30500],
      [40000, 44500],
    ]);
  });
  it('has no more slots than donors, and reduces the others count by 3', () => {
    expect(tickerSchedule(true, 2)).toHaveLength(2);
    expect(tickerSchedule(false, 0)).toHaveLength(0);
    expect(tickerOthersCount(10)).toBe(7);
    expect(tickerOthersCount(2)).toBe(0);
  });
});

describe('SEO helpers', () => {
  it('gives absolute hreflang alternates for the six locales plus x-default', () => {
    const alt = localeAlternates('https://give.example.org', '/stories/a');
    expect(Object.keys(alt).sort()).toEqual([...LOCALES, 'x-default'].sort());
    expect(alt.en).toBe('https://give.example.org/stories/a');
    expect(alt.hi).toBe('https://give.example.org/hi/stories/a');
    expect(alt['x-default']).toBe(alt.en);
  });
  it('escapes < in JSON-LD so a story cannot close the script tag', () => {
    expect(jsonLdScript({ name: '</script><script>alert(1)</script>' })).not.toContain('</script>');
  });
});

describe('spec 2/9: routes and tracking', () => {
  it('/fundraiser/{custom_tag} redirects to the story, keeping the locale prefix', () => {
    expect(legacyRedirectTarget('/fundraiser/help-riya', LOCALES)).toBe('/stories/help-riya');
    expect(legacyRedirectTarget('/hi/fundraiser/help-riya', LOCALES)).toBe('/hi/stories/help-riya');
    expect(legacyRedirectTarget('/fundraiser/a/b', LOCALES)).toBeNull();
  });
  it('cuts the campaign title to 20 characters for tracking', () => {
    expect(trackingTitle('Help Riya fight liver failure')).toBe('Help Riya fight live');
  });
});
