import { AMP_BOILERPLATE, AMP_CUSTOM_CSS_MAX_BYTES, AMP_RUNTIME_URL, ampStoryBody, ampStoryDocument, escapeHtml, heroImage, type AmpStoryInput } from '@/lib/seo/amp';
import type { FundraiserDetail } from '@/lib/fundraisers/queries';

const origin = 'https://give.example.org';
const fundraiser = {
  id: 9,
  custom_tag: 'help-asha',
  title: 'Help <Asha> & "family"',
  story_title: null,
  story_description:
    '<p onclick="steal()" style="color:red">Asha needs <b>chemo</b> &amp; care.</p>' +
    '<img src="/media/uploads/a.jpg" width="800" height="600" style="width:9px" loading="lazy">' +
    '<img src="https://tracker.example/pixel.gif" width="1" height="1">' +
    '<img src="/media/b.png" width="50%"><img src="javascript:alert(1)">' +
    '<a href="https://example.org/bill" target="_self">bill</a><script>alert(1)</script><iframe src="https://x"></iframe>',
  short_description: null,
  campaigner_name: 'Ravi',
  beneficiary_name: 'Asha',
  entity_details_id: null,
  currency: 'INR',
  goal_minor: 50_000_000,
  status_flag: 1,
  end_date: null,
  images: { leaderboard: { cdn_path: '/media/demo/9/leaderboard.svg', width: 1200, height: 600 }, theater: null, widget: null },
} as unknown as FundraiserDetail;

const input: AmpStoryInput = {
  fundraiser,
  origin,
  canonicalUrl: `${origin}/stories/help-asha`,
  contributeUrl: `${origin}/stories/help-asha?donate=1`,
  locale: 'en',
  dir: 'ltr',
  raised: '₹1,25,000',
  percent: 25,
  labels: { goal: 'of ₹5,00,000 goal', contribute: 'Contribute now', ended: 'This fundraiser has ended', story: 'Story', progress: '25% funded' },
};
const doc = ampStoryDocument(input);

describe('AMP story document', () => {
  it('has the AMP shape: ⚡ html with lang, charset first, runtime, exact boilerplate, canonical, viewport', () => {
    expect(doc).toMatch(/^<!doctype html>\n<html ⚡ lang="en" dir="ltr">\n<head>\n<meta charset="utf-8">/);
    expect(doc).toContain(`<script async src="${AMP_RUNTIME_URL}"></script>`);
    expect(doc).toContain(AMP_BOILERPLATE);
    expect(AMP_BOILERPLATE).toContain('<noscript><style amp-boilerplate>body{-webkit-animation:none;-moz-animation:none;-ms-animation:none;animation:none}</style></noscript>');
    expect(doc).toContain('<meta name="viewport" content="width=device-width">');
    expect(doc).toContain('<link rel="canonical" href="https://give.example.org/stories/help-asha">');
  });

  it('runs no custom JavaScript: the only scripts are the AMP runtime and JSON-LD', () => {
    const scripts = [...doc.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts).toEqual([`<script async src="${AMP_RUNTIME_URL}">`, '<script type="application/ld+json">']);
    const jsonLd = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(doc)![1];
    expect(JSON.parse(jsonLd)).toMatchObject({ '@type': 'WebPage', name: fundraiser.title });
    expect(doc).not.toMatch(/\son[a-z]+=/i);
    expect(doc).not.toMatch(/alert\(|steal\(/);
  });

  it('has no <img>, iframe, inline style or attribute AMP forbids', () => {
    expect(doc).not.toMatch(/<img\b/);
    expect(doc).not.toMatch(/<iframe\b/);
    expect(doc).not.toMatch(/\sstyle=/);
    expect(doc).not.toMatch(/\s(loading|decoding)=/);
  });

  it('shows every image as amp-img with width, height, responsive layout and sizes, on absolute URLs', () => {
    const imgs = [...doc.matchAll(/<amp-img\b[^>]*>/g)].map((m) => m[0]);
    expect(imgs).toHaveLength(3); // hero, the story's two images of our own
    for (const tag of imgs) {
      expect(tag).toMatch(/\swidth="\d+"/);
      expect(tag).toMatch(/\sheight="\d+"/);
      expect(tag).toContain('layout="responsive"');
      expect(tag).toMatch(/\ssizes="[^"]+"/);
      expect(tag).toMatch(/\ssrc="https:\/\//);
    }
    expect(imgs[0]).toContain('src="https://give.example.org/media/demo/9/leaderboard.svg" alt="Help &lt;Asha&gt; &amp; &quot;family&quot;" width="1200" height="600"');
    expect(doc.match(/<amp-img\b/g)!.length).toBe(doc.match(/<\/amp-img>/g)!.length);
  });

  it('keeps story image sizes when given as numbers, else a 16:9 box; drops images with an unsafe or outside URL', () => {
    const body = ampStoryBody(fundraiser.story_description, origin);
    expect(body).toContain('src="https://give.example.org/media/uploads/a.jpg" alt="" width="800" height="600"');
    // pictures only from our own uploads: another site's (a tracking pixel) is gone
    expect(body).not.toContain('tracker.example');
    expect(body).toContain('src="https://give.example.org/media/b.png" alt="" width="1200" height="675"');
    expect(body).not.toContain('javascript');
    expect(body).toContain('<a href="https://example.org/bill" target="_blank" rel="nofollow ugc noopener noreferrer">bill</a>');
    expect(body.match(/<a\b/g)).toHaveLength(body.match(/<\/a>/g)!.length);
    expect(body).toContain('<p>Asha needs <b>chemo</b> &amp; care.</p>');
    expect(ampStoryBody(null, origin)).toBe('');
  });

  it('falls back from leaderboard to theater, widget, then the default image', () => {
    const none = { leaderboard: null, theater: null, widget: null };
    expect(heroImage({ ...none, widget: { cdn_path: '/w.jpg', width: 400, height: 300 } }, origin)).toEqual({ src: `${origin}/w.jpg`, width: 400, height: 300 });
    expect(heroImage({ ...none, theater: { cdn_path: '/t.jpg', width: null, height: null } }, origin)).toEqual({ src: `${origin}/t.jpg`, width: 1200, height: 675 });
    expect(heroImage(none, origin).src).toBe(`${origin}/media/default/fundraiser.svg`);
  });

  it('escapes every text it writes', () => {
    expect(doc).toContain('<title>Help &lt;Asha&gt; &amp; &quot;family&quot;</title>');
    expect(doc).toContain('<h1>Help &lt;Asha&gt; &amp; &quot;family&quot;</h1>');
    expect(escapeHtml(`"'<>&`)).toBe('&quot;&#39;&lt;&gt;&amp;');
    const evil = ampStoryDocument({ ...input, raised: '<b>₹1</b>', canonicalUrl: `${origin}/stories/x"><script>`, labels: { ...input.labels, contribute: '</a><script>' } });
    expect(evil).toContain('&lt;b&gt;₹1&lt;/b&gt;');
    expect(evil).toContain('href="https://give.example.org/stories/x&quot;&gt;&lt;script&gt;"');
    expect(evil.match(/<script\b/g)).toHaveLength(2);
  });

  it('has figures, a progress bar without inline style and a Contribute link, or the ended note', () => {
    expect(doc).toContain('<p class="figures">₹1,25,000 <span class="muted">of ₹5,00,000 goal</span></p>');
    expect(doc).toContain('<span class="w20"></span>'); // 25% rounds down
    expect(doc).toContain('<a class="btn" href="https://give.example.org/stories/help-asha?donate=1">Contribute now</a>');
    const ended = ampStoryDocument({ ...input, contributeUrl: null });
    expect(ended).not.toContain('class="btn"');
    expect(ended).toContain('This fundraiser has ended');
  });

  it('keeps its custom CSS under 75 kB and free of !important', () => {
    const css = /<style amp-custom>([^<]*)<\/style>/.exec(doc)![1];
    expect(Buffer.byteLength(css)).toBeLessThan(AMP_CUSTOM_CSS_MAX_BYTES);
    expect(css).not.toContain('!important');
    expect(doc.match(/<style amp-custom>/g)).toHaveLength(1);
  });
});
