import { asc } from 'drizzle-orm';
import { GET as sitemapIndex } from '@/app/sitemap.xml/route';
import { GET as pagesSitemap } from '@/app/sitemaps/pages.xml/route';
import { GET as fundraiserSitemap } from '@/app/sitemaps/fundraisers/[file]/route';
import { GET as robots } from '@/app/robots.txt/route';
import { GET as amp } from '@/app/amp/[type]/[id]/route';
import { fundraisers, whiteLabelDomains } from '@/lib/db/schema';
import { fundraiserStage, isFundraiserEnded } from '@/lib/fundraisers/status';
import { fundraiserSitemapFiles, fundraiserSitemapPage, SITEMAP_PAGE_PATHS } from '@/lib/seo/sitemap';
import { call, closeDb } from '../helpers/db';
import { freshDb, makeEndedFundraiser, makeFundraiser } from '../factories';
import type { Db } from '@/lib/db/client';
import { DAY_MS } from '@/lib/constants/time';

// outside a Next server there is no incremental cache: the AMP route's cached read goes straight to the database
jest.mock('next/cache', () => ({ unstable_cache: (fn: unknown) => fn }));

let db: Db;
let all: (typeof fundraisers.$inferSelect)[];
let publicRunning: typeof all;
beforeAll(async () => {
  db = await freshDb();
  // what a sitemap lists and what it leaves out: running public fundraisers, a private one, an ended one
  for (let k = 0; k < 3; k++) await makeFundraiser(db, { end_date: new Date(Date.now() + (30 + k) * DAY_MS) });
  await makeFundraiser(db, { is_private: true });
  await makeEndedFundraiser(db);
  // links stay on a partner's domain only when it is one of our active white-label domains
  await db.insert(whiteLabelDomains).values({ host: 'give.partner.org', name: 'Give Partner' }).onConflictDoNothing();
  all = await db.select().from(fundraisers).orderBy(asc(fundraisers.id));
  // running by its stage: drafts and fundraisers under review that other test files leave in a shared database are not public
  publicRunning = all.filter((f) => !f.is_private && fundraiserStage(f) === 'running');
});
afterAll(closeDb);

// a white-label partner's domain: every absolute URL must stay on it
const onPartner = { headers: { host: 'give.partner.org' } };
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
const storyUrl = (tag: string) => `https://give.partner.org/stories/${encodeURIComponent(tag)}`;

describe('sitemaps', () => {
  it('the database has private and ended fundraisers to leave out', () => {
    expect(all.some((f) => f.is_private)).toBe(true);
    expect(all.some((f) => !f.is_private && isFundraiserEnded(f))).toBe(true);
    expect(publicRunning.length).toBeGreaterThan(0);
  });

  it('the index lists the pages file and the fundraiser files, on the request host', async () => {
    const { status, body, headers } = await call(sitemapIndex, '/sitemap.xml', {}, onPartner);
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(headers.get('cache-control')).toMatch(/^public, s-maxage=\d+/);
    expect(body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    // the seed fits in one file of 10,000
    expect(locs(body)).toEqual(['https://give.partner.org/sitemaps/pages.xml', 'https://give.partner.org/sitemaps/fundraisers/1.xml']);
    expect(body).toMatch(/<loc>https:\/\/give.partner.org\/sitemaps\/fundraisers\/1.xml<\/loc><lastmod>\d{4}-\d\d-\d\dT[\d:.]+Z<\/lastmod>/);
  });

  it('the pages file lists home, listing, about, blog, contact and the policies with locale alternates', async () => {
    const { status, body } = await call(pagesSitemap, '/sitemaps/pages.xml', {}, onPartner);
    expect(status).toBe(200);
    expect(locs(body)).toEqual(
      ['/', '/all-fundraisers', '/about-us', '/blog', '/contact-us', '/refer', '/trustandsafety', '/privacypolicy'].map((p) => `https://give.partner.org${p}`),
    );
    expect(SITEMAP_PAGE_PATHS).toHaveLength(8);
    expect(body).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    expect(body).toContain('<xhtml:link rel="alternate" hreflang="ur" href="https://give.partner.org/ur/about-us"/>');
    expect(body).toContain('<xhtml:link rel="alternate" hreflang="x-default" href="https://give.partner.org/about-us"/>');
  });

  it('a fundraiser file lists exactly the public running stories, in id order, with lastmod', async () => {
    const { status, body } = await call(fundraiserSitemap, '/sitemaps/fundraisers/1.xml', { file: '1.xml' }, onPartner);
    expect(status).toBe(200);
    expect(locs(body)).toEqual(publicRunning.map((f) => storyUrl(f.custom_tag)));
    for (const f of all.filter((x) => x.is_private || isFundraiserEnded(x))) expect(body).not.toContain(`<loc>${storyUrl(f.custom_tag)}</loc>`);
    const first = publicRunning[0];
    expect(body).toContain(`<url><loc>${storyUrl(first.custom_tag)}</loc><lastmod>${new Date(first.updated_at).toISOString()}</lastmod></url>`);
  });

  it('answers 404 past the last file and for names that are not a file number', async () => {
    for (const file of ['2.xml', '0.xml', '01.xml', 'abc', '1.json', '-1.xml', '99999999999.xml', '9999999.xml', '2147484.xml']) {
      const { status } = await call(fundraiserSitemap, `/sitemaps/fundraisers/${file}`, { file }, onPartner);
      expect({ file, status }).toEqual({ file, status: 404 });
    }
  });

  it('splits into one file per block of ids: no story repeated or missed, a story stays in its file, empty blocks left out', async () => {
    const size = 7;
    const files = await fundraiserSitemapFiles(db, { size });
    const blocks = [...new Set(publicRunning.map((f) => Math.floor((f.id - 1) / size) + 1))];
    expect(files.map((f) => f.n)).toEqual(blocks);
    const tags: string[] = [];
    for (const { n, lastmod } of files) {
      const page = (await fundraiserSitemapPage(db, n, { size }))!;
      const inBlock = publicRunning.filter((f) => f.id > (n - 1) * size && f.id <= n * size);
      expect(page.map((s) => s.custom_tag)).toEqual(inBlock.map((f) => f.custom_tag));
      expect(lastmod).toEqual(new Date(Math.max(...inBlock.map((f) => new Date(f.updated_at).getTime()))));
      tags.push(...page.map((s) => s.custom_tag));
    }
    expect(tags).toEqual(publicRunning.map((f) => f.custom_tag));
    // a block with no public running story (past the end, or all private or ended) is no file
    expect(await fundraiserSitemapPage(db, Math.max(...blocks) + 1, { size })).toBeNull();
    const privateOnly = all.find((f) => f.is_private);
    const lonely = await fundraiserSitemapPage(db, privateOnly!.id, { size: 1 });
    expect(lonely).toBeNull();
  });

  it('a story whose end date passes leaves the sitemap', async () => {
    const withEnd = publicRunning.find((f) => f.end_date);
    expect(withEnd).toBeDefined();
    if (!withEnd) return;
    const later = new Date(new Date(withEnd.end_date!).getTime() + 1000);
    const tags = (await fundraiserSitemapPage(db, 1, { now: later }))!.map((s) => s.custom_tag);
    expect(tags).not.toContain(withEnd.custom_tag);
  });
});

describe('robots.txt', () => {
  it('allows crawling, keeps bots out of the API, payment, sign-in and dev pages, and points at the host sitemap', async () => {
    const { status, body, headers } = await call(robots, '/robots.txt', {}, onPartner);
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const lines = body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toEqual(expect.arrayContaining(['Allow: /', 'Disallow: /api/', 'Disallow: /new/payment', 'Disallow: /new/signin', 'Disallow: /dev/', 'Disallow: /hi/new/payment']));
    expect(lines).not.toContain('Disallow: /hi/api/');
    expect(lines).toContain('Sitemap: https://give.partner.org/sitemap.xml');
    const local = await call(robots, '/robots.txt', {}, { headers: { host: 'localhost:3000' } });
    expect(local.body).toContain('Sitemap: http://localhost:3000/sitemap.xml');
  });
});

describe('AMP story', () => {
  it('serves a valid-shaped AMP page for a public story, canonical to the story on the request host', async () => {
    const f = publicRunning[0];
    const { status, body, headers } = await call(amp, `/amp/stories/${f.id}`, { type: 'stories', id: String(f.id) }, onPartner);
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(headers.get('cache-control')).toBe('public, s-maxage=300, stale-while-revalidate=3600');
    expect(body).toMatch(/^<!doctype html>\n<html ⚡ lang="en"/);
    expect(body).toContain(`<link rel="canonical" href="${storyUrl(f.custom_tag)}">`);
    expect(body).toContain(`<a class="btn" href="${storyUrl(f.custom_tag)}?donate=1">`);
    expect(body).toMatch(/<amp-img src="https:\/\/give.partner.org\/[^"]+" alt="[^"]*" width="\d+" height="\d+" layout="responsive"/);
    expect(body).not.toMatch(/<img\b/);
    expect(body.match(/<script\b/g)).toHaveLength(2);
  });

  it('an ended public story has no Contribute link', async () => {
    const f = all.find((x) => !x.is_private && isFundraiserEnded(x))!;
    const { status, body } = await call(amp, `/amp/stories/${f.id}`, { type: 'stories', id: String(f.id) }, onPartner);
    expect(status).toBe(200);
    expect(body).not.toContain('class="btn"');
    expect(body).toContain('This fundraiser has ended');
  });

  it('is 404 for a private story, an unknown or malformed id, and other types', async () => {
    const priv = all.find((f) => f.is_private)!;
    const pub = publicRunning[0];
    const cases = [
      { type: 'stories', id: String(priv.id) },
      { type: 'stories', id: '999999' },
      { type: 'stories', id: 'abc' },
      { type: 'stories', id: '1.5' },
      { type: 'stories', id: '-1' },
      { type: 'stories', id: '99999999999' },
      { type: 'videos', id: String(pub.id) },
    ];
    for (const params of cases) {
      const { status } = await call(amp, `/amp/${params.type}/${params.id}`, params, onPartner);
      expect({ ...params, status }).toEqual({ ...params, status: 404 });
    }
  });
});
