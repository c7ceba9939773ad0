// Demo images are drawn here as SVG (no downloads): a calm gradient and shapes, varied by fundraiser id.
const PALETTES = [
  ['#0f766e', '#99f6e4'],
  ['#1d4ed8', '#bfdbfe'],
  ['#b45309', '#fde68a'],
  ['#7c3aed', '#ddd6fe'],
  ['#be123c', '#fecdd3'],
  ['#15803d', '#bbf7d0'],
  ['#0e7490', '#a5f3fc'],
];

const SIZES: Record<string, [number, number]> = {
  leaderboard: [1200, 675],
  theater: [1200, 675],
  widget: [600, 338],
  gallery: [1200, 675],
};

export function demoArt(id: number, kind: string): string | null {
  const base = kind.replace(/-\d+$/, '');
  const size = SIZES[base];
  if (!size || !Number.isInteger(id) || id < 1) return null;
  const [w, h] = size;
  const variant = kind.endsWith('-2') ? 2 : kind.endsWith('-1') ? 1 : 0;
  const [dark, light] = PALETTES[(id + variant) % PALETTES.length];
  const cx = ((id * 37) % 70) + 15;
  const cy = ((id * 53) % 50) + 25;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#g)"/>
<circle cx="${cx}%" cy="${cy}%" r="${Math.round(h * 0.28)}" fill="#ffffff" fill-opacity="0.18"/>
<circle cx="${100 - cx}%" cy="${100 - cy / 2}%" r="${Math.round(h * 0.18)}" fill="#ffffff" fill-opacity="0.12"/>
<path d="M${w / 2} ${h * 0.72}s-${h * 0.2}-${h * 0.12}-${h * 0.2}-${h * 0.26}a${h * 0.11} ${h * 0.11} 0 0 1 ${h * 0.2}-${h * 0.07}a${h * 0.11} ${h * 0.11} 0 0 1 ${h * 0.2} ${h * 0.07}c0 ${h * 0.14}-${h * 0.2} ${h * 0.26}-${h * 0.2} ${h * 0.26}z" fill="#ffffff" fill-opacity="0.85"/>
</svg>`;
}

export function defaultFundraiserArt(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="675" viewBox="0 0 1200 675" role="img"><rect width="100%" height="100%" fill="#e5e7eb"/><path d="M600 470s-130-78-130-170a70 70 0 0 1 130-45a70 70 0 0 1 130 45c0 92-130 170-130 170z" fill="#0f766e" fill-opacity="0.55"/></svg>`;
}

export function partnerMark(color: string, letter: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${color}"/><text x="32" y="44" font-family="sans-serif" font-size="34" font-weight="700" text-anchor="middle" fill="#fff">${letter}</text></svg>`;
}
