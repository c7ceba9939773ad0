// Sitemaps for 100,000+ fundraisers: an index, one file of fixed pages, and one file per block of SITEMAP_IDS_PER_FILE
// fundraiser ids holding public running stories, so no file grows with the catalogue.
import { and, asc, eq, gt, lte, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { fundraisers } from '../db/schema';
import { MAX_ROW_ID } from '../constants/ids';
import { SITEMAP_IDS_PER_FILE } from '../constants/seo';
import { runningSql } from '../fundraisers/status-sql';
import { DEFAULT_LOCALE, LOCALES, localizedPath } from '../i18n/locales';
import { storyPath } from '../routes';

/** spec 2: the fixed pages of the main layout and the policy module. */
export const SITEMAP_PAGE_PATHS = ['/', '/all-fundraisers', '/about-us', '/blog', '/contact-us', '/refer', '/trustandsafety', '/privacypolicy'] as const;

// paths crawlers have no business in: the API and the dev outbox (no locale prefix), payment and sign-in steps (under every locale)
export const ROBOTS_DISALLOWED_PATHS = ['/api/', '/dev/'] as const;
export const ROBOTS_DISALLOWED_PAGES = ['/new/payment', '/new/signin'] as const;

export const SITEMAP_INDEX_PATH = '/sitemap.xml';
export const PAGES_SITEMAP_PATH = '/sitemaps/pages.xml';
export const fundraiserSitemapPath = (n: number) => `/sitemaps/fundraisers/${n}.xml`;

// crawlers fetch these rarely and a new story may wait an hour; white-label hosts are separate cache keys
export const SITEMAP_CACHE_CONTROL = 'public, s-maxage=3600, stale-while-revalidate=86400';

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]);
}

/** "3", "3.xml" -> 3; anything else (0, "03", "x.xml", huge numbers) -> null. */
export function parseSitemapNumber(raw: string): number | null {
  const m = /^([1-9]\d{0,6})(?:\.xml)?$/.exec(raw);
  return m ? Number(m[1]) : null;
}

// spec 4: a fundraiser runs until status 4 or a past end date; private stories sit behind a PIN
function publicRunning(now: Date): SQL {
  return and(eq(fundraisers.is_private, false), runningSql(now))!;
}

const MAX_FUNDRAISER_ID = MAX_ROW_ID;

export interface SitemapFile {
  n: number;
  lastmod: Date | null;
}

// file n holds the stories with ids in ((n-1)*size, n*size]: a story never moves between files, and any one file is
// read on the primary key whatever the catalogue's size (no count or offset over the stories before it)
// (the size is written into the SQL, not bound: GROUP BY must see the same expression as the select list)
const fileOf = (size: number) => sql<number>`((${fundraisers.id} - 1) / ${sql.raw(String(Math.trunc(size)))} + 1)::int`;

/** The fundraiser files that hold at least one public running story, each with the newest updated_at of its stories. */
export async function fundraiserSitemapFiles(db: DbOrTx, opts: { now?: Date; size?: number } = {}): Promise<SitemapFile[]> {
  const n = fileOf(opts.size ?? SITEMAP_IDS_PER_FILE);
  const rows = await db
    .select({ n, lastmod: sql<Date | string | null>`max(${fundraisers.updated_at})` })
    .from(fundraisers)
    .where(publicRunning(opts.now ?? new Date()))
    .groupBy(n)
    .orderBy(n);
  return rows.map((r) => ({ n: Number(r.n), lastmod: r.lastmod === null ? null : new Date(r.lastmod) }));
}

export interface SitemapStory {
  custom_tag: string;
  updated_at: Date;
}

/** File n of the story sitemap (its block of ids), or null when the block holds no public running story. */
export async function fundraiserSitemapPage(db: DbOrTx, n: number, opts: { now?: Date; size?: number } = {}): Promise<SitemapStory[] | null> {
  const size = opts.size ?? SITEMAP_IDS_PER_FILE;
  // ids are int4: a block starting past the largest is no file (and its bounds would not fit the comparison)
  if ((n - 1) * size >= MAX_FUNDRAISER_ID) return null;
  const rows = await db
    .select({ custom_tag: fundraisers.custom_tag, updated_at: fundraisers.updated_at })
    .from(fundraisers)
    .where(and(publicRunning(opts.now ?? new Date()), gt(fundraisers.id, (n - 1) * size), lte(fundraisers.id, Math.min(n * size, MAX_FUNDRAISER_ID))))
    .orderBy(asc(fundraisers.id));
  if (!rows.length) return null;
  return rows.map((r) => ({ custom_tag: r.custom_tag, updated_at: new Date(r.updated_at) }));
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const lastmodTag = (d: Date | null) => (d ? `<lastmod>${d.toISOString()}</lastmod>` : '');

/** The sitemap index: the pages file, then every fundraiser file. */
export function sitemapIndexXml(origin: string, files: SitemapFile[]): string {
  const entries = [{ loc: new URL(PAGES_SITEMAP_PATH, origin).toString(), lastmod: null as Date | null }].concat(
    files.map((f) => ({ loc: new URL(fundraiserSitemapPath(f.n), origin).toString(), lastmod: f.lastmod })),
  );
  const body = entries.map((e) => `<sitemap><loc>${escapeXml(e.loc)}</loc>${lastmodTag(e.lastmod)}</sitemap>`).join('\n');
  return `${XML_HEAD}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</sitemapindex>\n`;
}

/** hreflang alternates of one path in the six locales plus x-default. */
function alternateLinks(origin: string, path: string): string {
  const link = (hreflang: string, locale: string) =>
    `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeXml(new URL(localizedPath(locale, path), origin).toString())}"/>`;
  return LOCALES.map((l) => link(l, l)).join('') + link('x-default', DEFAULT_LOCALE);
}

function urlsetXml(entries: string[]): string {
  return `${XML_HEAD}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries.join('\n')}\n</urlset>\n`;
}

/** The fixed pages, each with its locale alternates. */
export function pagesSitemapXml(origin: string): string {
  return urlsetXml(
    SITEMAP_PAGE_PATHS.map((p) => `<url><loc>${escapeXml(new URL(p, origin).toString())}</loc>${alternateLinks(origin, p)}</url>`),
  );
}

/** One file of stories; alternates are left out (seven per URL would make each file eight times the size). */
export function storiesSitemapXml(origin: string, stories: SitemapStory[]): string {
  return urlsetXml(
    stories.map((s) => `<url><loc>${escapeXml(new URL(storyPath(s.custom_tag), origin).toString())}</loc>${lastmodTag(s.updated_at)}</url>`),
  );
}

export function robotsTxt(origin: string): string {
  const lines = ['User-agent: *', 'Allow: /', ...ROBOTS_DISALLOWED_PATHS.map((p) => `Disallow: ${p}`)];
  for (const page of ROBOTS_DISALLOWED_PAGES) {
    for (const locale of LOCALES) lines.push(`Disallow: ${localizedPath(locale, page)}`);
  }
  lines.push('', `Sitemap: ${new URL(SITEMAP_INDEX_PATH, origin).toString()}`);
  return `${lines.join('\n')}\n`;
}

export const xmlResponse = (xml: string) =>
  new Response(xml, { headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': SITEMAP_CACHE_CONTROL } });

export const notFoundText = () => new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
