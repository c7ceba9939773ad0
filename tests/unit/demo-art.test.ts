import sharp from 'sharp';
import { DEMO_ART_VARIANTS, causeArt, causeSlugForArt, DEMO_ART_CAUSES, demoArt } from '@/demo/art';

const KINDS: Record<string, [number, number]> = { leaderboard: [1200, 675], theater: [1200, 675], 'gallery-1': [1200, 675], 'gallery-2': [1200, 675], widget: [600, 338] };

function art(slug: string, variant: number, kind: string): string {
  const svg = causeArt(slug, variant, kind);
  if (!svg) throw new Error(`no art for ${slug} ${variant} ${kind}`);
  return svg;
}

// each picture rasterised once: comparing every pair of causes rendered each picture 19 times
const rasters = new Map<string, Promise<Buffer>>();
const raster = (svg: string) => {
  if (!rasters.has(svg)) rasters.set(svg, sharp(Buffer.from(svg)).resize(120, 68).greyscale().raw().toBuffer());
  return rasters.get(svg)!;
};

/** Mean absolute difference of two same-size greyscale rasters, 0..255. */
async function difference(a: string, b: string): Promise<number> {
  const [x, y] = await Promise.all([raster(a), raster(b)]);
  let sum = 0;
  for (let i = 0; i < x.length; i++) sum += Math.abs(x[i] - y[i]);
  return sum / x.length;
}

describe('cause art for the demo pictures', () => {
  it('lists the twenty seeded causes', () => {
    expect(DEMO_ART_CAUSES).toHaveLength(20);
    expect(new Set(DEMO_ART_CAUSES).size).toBe(20);
    expect(DEMO_ART_CAUSES).toEqual(expect.arrayContaining(['cancer', 'animals', 'food-hunger', 'disaster-relief', 'book']));
  });

  it('draws every cause in every kind at its size, small, self-contained and without text', () => {
    for (const slug of DEMO_ART_CAUSES) {
      for (const [kind, [w, h]] of Object.entries(KINDS)) {
        const svg = art(slug, 7, kind);
        expect(svg).toMatch(new RegExp(`^<svg [^>]*width="${w}" height="${h}"`));
        expect(svg).not.toMatch(/<text/i);
        expect(svg).not.toMatch(/href="http|url\(http|<image|<script|@import/i);
        expect(svg.length).toBeLessThan(10_000);
      }
    }
  });

  it('renders every picture with sharp at the size it claims', async () => {
    for (const slug of DEMO_ART_CAUSES) {
      for (const [kind, [w, h]] of Object.entries(KINDS)) {
        const svg = Buffer.from(art(slug, 3, kind));
        const meta = await sharp(svg).metadata();
        expect([slug, kind, meta.width, meta.height]).toEqual([slug, kind, w, h]);
        // drawn to pixels at a tenth of the size: that it renders is the point, not a full-size PNG's compression
        const { info } = await sharp(svg, { density: 7.2 }).raw().toBuffer({ resolveWithObject: true });
        expect([info.width, info.height]).toEqual([Math.round(w / 10), Math.round(h / 10)]);
      }
    }
  });

  it('is deterministic, and the variant changes the picture', () => {
    for (const slug of DEMO_ART_CAUSES) {
      expect(art(slug, 12, 'leaderboard')).toBe(art(slug, 12, 'leaderboard'));
      expect(art(slug, 12, 'leaderboard')).not.toBe(art(slug, 13, 'leaderboard'));
      expect(art(slug, 0, 'gallery-1')).not.toBe(art(slug, 1, 'gallery-1'));
    }
  });

  it('draws a few looks per cause, whatever ids are asked for (the rasters kept on disk stay few)', () => {
    for (const kind of ['leaderboard', 'widget', 'gallery-1']) {
      const looks = new Set(Array.from({ length: 1000 }, (_, id) => art('animals', id, kind)));
      expect(looks.size).toBe(DEMO_ART_VARIANTS);
    }
    expect(art('animals', 3, 'leaderboard')).toBe(art('animals', 3 + DEMO_ART_VARIANTS * 1000, 'leaderboard'));
  });

  it('gives gallery pictures their own scene', async () => {
    for (const slug of DEMO_ART_CAUSES) {
      const main = art(slug, 5, 'leaderboard');
      expect(await difference(main, art(slug, 5, 'gallery-1'))).toBeGreaterThan(10);
      expect(await difference(main, art(slug, 5, 'gallery-2'))).toBeGreaterThan(10);
    }
  });

  it('keeps gradient ids unique per picture', () => {
    const ids = (svg: string) => [...svg.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
    const a = ids(art('animals', 1, 'leaderboard'));
    const b = ids(art('animals', 2, 'leaderboard'));
    const c = ids(art('food-hunger', 1, 'widget'));
    expect(a.length).toBeGreaterThan(0);
    expect(a.filter((id) => b.includes(id) || c.includes(id))).toEqual([]);
  });

  it('draws different causes as different pictures', async () => {
    const mains = DEMO_ART_CAUSES.map((slug) => art(slug, 1, 'leaderboard'));
    // shapes, not colours: strip colour values and compare
    const shapes = mains.map((svg) => svg.replace(/#[0-9a-f]{3,6}/gi, '').replace(/da-[a-z-]+-\d+-[a-z0-9-]+-/g, ''));
    expect(new Set(shapes).size).toBe(mains.length);
    for (let i = 0; i < mains.length; i++) {
      for (let j = i + 1; j < mains.length; j++) {
        expect([DEMO_ART_CAUSES[i], DEMO_ART_CAUSES[j], (await difference(mains[i], mains[j])) > 8]).toEqual([DEMO_ART_CAUSES[i], DEMO_ART_CAUSES[j], true]);
      }
    }
  });

  it('returns null for an unknown cause, kind or variant', () => {
    expect(causeArt('astrology', 1, 'leaderboard')).toBeNull();
    expect(causeArt('constructor', 1, 'leaderboard')).toBeNull();
    expect(causeArt('cancer', 1, 'gallery')).toBeNull();
    expect(causeArt('cancer', 1, 'gallery-3')).toBeNull();
    expect(causeArt('cancer', 1, 'toString')).toBeNull();
    expect(causeArt('cancer', -1, 'leaderboard')).toBeNull();
    expect(causeArt('cancer', 1.5, 'leaderboard')).toBeNull();
    expect(causeArt('cancer', Number.NaN, 'leaderboard')).toBeNull();
    expect(causeArt('cancer', 0, 'leaderboard')).not.toBeNull();
  });

  it('maps any cause slug to a drawn one', () => {
    expect(causeSlugForArt('animals')).toBe('animals');
    expect(causeSlugForArt('film')).toBe('documentary');
    expect(causeSlugForArt('books')).toBe('book');
    expect(causeSlugForArt('nonsense')).toBe('other-medical');
    expect(causeSlugForArt('constructor')).toBe('other-medical');
    expect(causeSlugForArt(null)).toBe('other-medical');
    expect(causeSlugForArt(undefined)).toBe('other-medical');
    for (const slug of DEMO_ART_CAUSES) expect(causeSlugForArt(slug)).toBe(slug);
  });

  it('keeps the older demo art working', () => {
    expect(demoArt(3, 'leaderboard')).toContain('width="1200"');
    expect(demoArt(0, 'leaderboard')).toBeNull();
  });
});
