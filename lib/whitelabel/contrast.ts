// WCAG contrast: a partner's theme colour is darkened until white text on it reads at AA (4.5:1).
const HEX = /^#?([0-9a-f]{6}|[0-9a-f]{3})$/i;

export function parseHex(color: string): [number, number, number] | null {
  const m = HEX.exec(color.trim());
  if (!m) return null;
  const h = m[1].length === 3 ? m[1].split('').map((c) => c + c).join('') : m[1];
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
}

function luminance([r, g, b]: [number, number, number]): number {
  const ch = (v: number) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * ch(r) + 0.7152 * ch(g) + 0.0722 * ch(b);
}

export function contrastRatio(a: string, b: string): number {
  const ca = parseHex(a);
  const cb = parseHex(b);
  if (!ca || !cb) return 1;
  const [hi, lo] = [luminance(ca), luminance(cb)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

const toHex = (rgb: number[]) => '#' + rgb.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('');

/** The colour itself when it meets the ratio against `against`, else the nearest darker shade that does. */
export function ensureContrast(color: string, against = '#ffffff', ratio = 4.5): string | null {
  const rgb = parseHex(color);
  if (!rgb) return null;
  let current = rgb.map(Number);
  for (let step = 0; step < 100 && contrastRatio(toHex(current), against) < ratio; step++) {
    current = current.map((v) => v * 0.95);
  }
  return toHex(current);
}
