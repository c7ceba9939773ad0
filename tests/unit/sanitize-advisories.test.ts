// sanitize-html 2.17.0 had two published advisories (GHSA-rpr9-rxv7-x643: markup inside a discarded <xmp>
// passed through as live HTML; GHSA-vccv-cmxp-4j9h), fixed in 2.17.5, the newest release that runs on Node 20. The
// payloads of those and of the later advisories (2.17.6: raw text inside <svg>/<math>; 2.17.7, GHSA-g8qq-57p8-ggw5: SVG
// animation elements, excepted in .ci/audit-exceptions.json until Node 22) come out of every sanitiser of ours inert.
import fs from 'node:fs';
import path from 'node:path';
import { htmlToText, sanitizeStoryHtml } from '@/lib/content/sanitize';
import { ampStoryBody } from '@/lib/seo/amp';

const installed = (name: string) => (JSON.parse(fs.readFileSync(path.join(process.cwd(), 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
const atLeast = (version: string, floor: string) => {
  const [a, b] = [version, floor].map((v) => v.split('.').map(Number));
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i] > b[i];
  return true;
};

const PAYLOADS = [
  '<xmp><img src=x onerror=alert(1)></xmp>',
  '<p>a<xmp><script>alert(1)</script></xmp></p>',
  '<xmp></xmp><img src=x onerror=alert(2)>',
  '<svg><textarea><img src=x onerror=alert(3)></textarea></svg>',
  '<math><xmp><img src=x onerror=alert(4)></xmp></math>',
  '<svg><xmp>&lt;img src=x onerror=alert(5)&gt;</xmp></svg>',
  '<svg><a href="#"><animate attributeName="href" values="javascript:alert(6)"/><text y="20">go</text></a></svg>',
  '<svg><set attributeName="onmouseover" to="alert(7)"/></svg>',
  '<form action="javascript:alert(8)"><button formaction="javascript:alert(9)">x</button></form>',
  '<a href="jav&#x09;ascript:alert(10)">x</a><img src="javascript:alert(11)">',
];
// a tag that runs or re-parses content, an event handler inside a tag, a javascript: address in an attribute
const LIVE = /<(?:script|svg|math|xmp|textarea|animate|set|form|button|iframe)\b|<[^>]*\son\w+\s*=|<[^>]*=\s*["']?\s*javascript:/i;

describe('sanitize-html and our sanitisers against its advisories', () => {
  it('the installed sanitize-html carries the fixes of GHSA-rpr9-rxv7-x643 and GHSA-vccv-cmxp-4j9h (2.17.5)', () => {
    expect(atLeast(installed('sanitize-html'), '2.17.5')).toBe(true);
  });

  it.each(PAYLOADS)('%s leaves no live markup in a story or its AMP page', (payload) => {
    expect(sanitizeStoryHtml(payload)).not.toMatch(LIVE);
    expect(ampStoryBody(payload, 'https://give.example.org')).not.toMatch(LIVE);
  });

  it('a discarded <xmp> keeps none of its content (2.17.4 on; the story text of such a payload was its markup)', () => {
    expect(sanitizeStoryHtml('<p>a</p><xmp><b>b</b></xmp>')).toBe('<p>a</p>');
    expect(htmlToText('<svg><xmp>&lt;img src=x onerror=alert(5)&gt;</xmp></svg>')).toBe('');
  });
});
