// The site's own Noto fonts for PDFs. The @fontsource packages ship WOFF2 only; fontkit reads WOFF2, but its subsetter
// copies glyph bytes straight from the glyf table, which WOFF2 stores transformed, and so embeds empty glyphs. Each glyph
// a PDF uses is written anew here from its outline (composites flattened, no hinting), which any PDF reader draws.
import fs from 'node:fs';
import path from 'node:path';
import * as fontkit from 'fontkit';

type Font = fontkit.Font;

const FONT_FILES = {
  latin: '@fontsource-variable/noto-sans/files/noto-sans-latin-wght-normal.woff2',
  latinExt: '@fontsource-variable/noto-sans/files/noto-sans-latin-ext-wght-normal.woff2',
  devanagari: '@fontsource-variable/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-wght-normal.woff2',
} as const;

export type PdfFontName = keyof typeof FONT_FILES;
/** the order a character's font is looked for in: Latin first (digits and punctuation), then the rupee sign's, then Hindi's */
export const PDF_FONT_ORDER: readonly PdfFontName[] = ['latin', 'latinExt', 'devanagari'];

type Point = { x: number; y: number; on: boolean };

/** A TrueType simple glyph (glyf table entry) drawing the outline: every point's flags and coordinates written long-hand. */
export function encodeGlyphOutline(commands: fontkit.PathCommand[]): Uint8Array {
  const contours: Point[][] = [];
  let contour: Point[] | null = null;
  for (const c of commands) {
    if (c.command === 'moveTo') contours.push((contour = [{ x: c.args[0], y: c.args[1], on: true }]));
    else if (c.command === 'lineTo') contour?.push({ x: c.args[0], y: c.args[1], on: true });
    else if (c.command === 'quadraticCurveTo') contour?.push({ x: c.args[0], y: c.args[1], on: false }, { x: c.args[2], y: c.args[3], on: true });
    else if (c.command === 'closePath') contour = null;
  }
  // a contour closes by itself: a last point on the first is a duplicate
  for (const ct of contours) {
    const [first, last] = [ct[0], ct[ct.length - 1]];
    if (ct.length > 1 && last.on && Math.round(first.x) === Math.round(last.x) && Math.round(first.y) === Math.round(last.y)) ct.pop();
  }
  const points = contours.flat();
  if (!points.length) return new Uint8Array(0);
  const xs = points.map((p) => Math.round(p.x));
  const ys = points.map((p) => Math.round(p.y));
  const size = 10 + 2 * contours.length + 2 + points.length + 4 * points.length;
  const buf = Buffer.alloc(size + ((4 - (size % 4)) % 4));
  let o = buf.writeInt16BE(contours.length, 0);
  for (const v of [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)]) o = buf.writeInt16BE(v, o);
  let end = -1;
  for (const ct of contours) o = buf.writeUInt16BE((end += ct.length), o);
  o = buf.writeUInt16BE(0, o);
  for (const p of points) o = buf.writeUInt8(p.on ? 1 : 0, o);
  for (const coords of [xs, ys]) {
    let last = 0;
    for (const v of coords) {
      o = buf.writeInt16BE(v - last, o);
      last = v;
    }
  }
  return buf;
}

function loadFont(name: PdfFontName): Font {
  const font = fontkit.create(fs.readFileSync(path.join(process.cwd(), 'node_modules', FONT_FILES[name])));
  const createSubset = font.createSubset.bind(font);
  font.createSubset = () => {
    const subset = createSubset();
    subset._addGlyph = function addOutlineGlyph(gid: number) {
      const glyph = this.font.getGlyph(gid);
      const bytes = encodeGlyphOutline(glyph.path.commands);
      this.glyf.push(bytes);
      this.loca.offsets.push(this.offset);
      this.hmtx.metrics.push({ advance: glyph.advanceWidth, bearing: glyph._getMetrics().leftBearing });
      this.offset += bytes.length;
      return this.glyf.length - 1;
    };
    return subset;
  };
  return font;
}

const loaded = new Map<PdfFontName, Font>();

/** The font, read once per process. */
export function pdfFont(name: PdfFontName): Font {
  let font = loaded.get(name);
  if (!font) loaded.set(name, (font = loadFont(name)));
  return font;
}

/** A text cut into runs each of which one font draws (a character no font has stays in the Latin run, drawn as a box). */
export function runsByFont(text: string): { font: PdfFontName; text: string }[] {
  const runs: { font: PdfFontName; text: string }[] = [];
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    // spaces and joiners stay with the run they are in, so a Hindi name is shaped as one run
    const last = runs[runs.length - 1];
    const neutral = /[\s\u200c\u200d]/u.test(ch);
    const font = neutral && last ? last.font : (PDF_FONT_ORDER.find((f) => pdfFont(f).hasGlyphForCodePoint(cp)) ?? 'latin');
    if (last && last.font === font) last.text += ch;
    else runs.push({ font, text: ch });
  }
  return runs;
}
