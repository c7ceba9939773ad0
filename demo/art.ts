// The demo's pictures, drawn here as SVG (no downloads): a calm gradient and shapes, varied by fundraiser id; the
// cause illustrations below; the demo partner's mark. The media route serves them; lib/ never imports them.
import { parseDemoImage } from '../lib/media/demo-images';

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

export function partnerMark(color: string, letter: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${color}"/><text x="32" y="44" font-family="sans-serif" font-size="34" font-weight="700" text-anchor="middle" fill="#fff">${letter}</text></svg>`;
}

// ---------------------------------------------------------------------------------------------------------------
// Cause pictures: flat, outlined illustrations on a 1200x675 canvas, one set of three scenes per cause.
// The fundraiser id (variant) picks the sky, the accent colour, skin tone, decoration and a mirror image.
// ---------------------------------------------------------------------------------------------------------------

export const DEMO_ART_CAUSES: readonly string[] = [
  'cancer', 'transplant', 'accident', 'heart', 'nicu', 'medicines', 'rare-disease', 'other-medical', 'memorial',
  'personal-education', 'disaster-relief', 'children', 'animals', 'elderly', 'food-hunger', 'women-girls',
  'environment', 'documentary', 'music', 'book',
];

// cause slugs of the seed (and parents) whose picture goes by another name
const CAUSE_ALIASES: Readonly<Record<string, string>> = {
  film: 'documentary', books: 'book', 'personal-medical': 'other-medical', education: 'personal-education',
};

/** The cause art for any cause slug; unknown slugs get the generic hospital. */
export function causeSlugForArt(slug: string | null | undefined): string {
  if (!slug) return 'other-medical';
  const named = Object.hasOwn(CAUSE_ALIASES, slug) ? CAUSE_ALIASES[slug] : slug;
  return DEMO_ART_CAUSES.includes(named) ? named : 'other-medical';
}

const INK = '#2b3445';
const C = {
  white: '#ffffff', cream: '#fff6e5', red: '#e5484d', coral: '#f27d6b', pink: '#f6a9b9', orange: '#f5993d',
  yellow: '#f7c548', teal: '#0f766e', tealL: '#57c4b4', blue: '#4b8fdc', blueL: '#b9dcf7', navy: '#2f4a7a',
  purple: '#8a6cc8', green: '#4fae69', greenD: '#2f8a55', greenL: '#a3da8f', brown: '#9a5b34', brownL: '#cf9562',
  tan: '#e7c49c', grey: '#e3e8ed', greyM: '#b3bfcb', greyD: '#7d8a99', steel: '#c9d4de', clay: '#c8693b',
} as const;
const SKINS = ['#c68a5a', '#a8693f', '#e0b184', '#8a5432'];
const ACCENTS = [C.teal, C.coral, C.purple, C.blue, C.orange];

interface Look {
  top: string; bottom: string; hill: string; ground: string; sun: string; wall: string; floor: string; softA: string; softB: string;
}
// clear day, morning, dusk, teal mist: all light enough for an outlined subject to stand out
const LOOKS: readonly Look[] = [
  { top: '#bfe6f2', bottom: '#eef9f6', hill: '#c4e5b5', ground: '#9fd49a', sun: '#ffd166', wall: '#e3f3ef', floor: '#c9b59c', softA: '#dff3ee', softB: '#fdf1dc' },
  { top: '#fdd5b8', bottom: '#fff4e4', hill: '#d6e9b6', ground: '#add68f', sun: '#ffb057', wall: '#fcefe2', floor: '#c9a98a', softA: '#fde7d3', softB: '#fff8ef' },
  { top: '#dcd3f3', bottom: '#fde6e1', hill: '#c6e2cf', ground: '#98cfae', sun: '#ff9f87', wall: '#eceffa', floor: '#b9b2c9', softA: '#ebe5fa', softB: '#fde9ec' },
  { top: '#c2ebe4', bottom: '#f4fbf4', hill: '#c2e5cd', ground: '#8fcca9', sun: '#ffdf7e', wall: '#f3f1e4', floor: '#bfb398', softA: '#d8f2eb', softB: '#f7f4e2' },
];

interface Ctx { id: string; look: Look; rnd: () => number; skin: string; accent: string }
type Scene = (c: Ctx) => [background: string, subject: string];

// ---- drawing primitives (integers keep the SVG short) ----
const NS = ' stroke="none"';
const circle = (x: number, y: number, r: number, fill: string, extra = '') => `<circle cx="${x}" cy="${y}" r="${r}" fill="${fill}"${extra}/>`;
const ellipse = (x: number, y: number, rx: number, ry: number, fill: string, extra = '') =>
  `<ellipse cx="${x}" cy="${y}" rx="${rx}" ry="${ry}" fill="${fill}"${extra}/>`;
const rect = (x: number, y: number, w: number, h: number, r: number, fill: string, extra = '') =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}"${r ? ` rx="${r}"` : ''} fill="${fill}"${extra}/>`;
const path = (d: string, fill: string, extra = '') => `<path d="${d}" fill="${fill}"${extra}/>`;
const line = (d: string, color: string, width: number, extra = '') => `<path d="${d}" fill="none" stroke="${color}" stroke-width="${width}"${extra}/>`;
// a thick coloured stroke with an ink edge: tubes, straps, sticks
const tube = (d: string, color: string, width: number) => line(d, INK, width + 14) + line(d, color, width);
// every subject gets the same dark outline: it keeps shapes readable at phone-card size
const ink = (body: string, width = 8) => `<g stroke="${INK}" stroke-width="${width}" stroke-linejoin="round" stroke-linecap="round">${body}</g>`;
const at = (x: number, y: number, body: string, s = 1, rot = 0) =>
  `<g transform="translate(${x} ${y})${s === 1 ? '' : ` scale(${s})`}${rot ? ` rotate(${rot})` : ''}">${body}</g>`;
const between = (c: Ctx, lo: number, hi: number) => Math.round(lo + c.rnd() * (hi - lo));

/** A unit path (coordinates around 0, absolute pairs only) placed at x,y with half-size s; mirror flips it left-right. */
function unit(d: string, x: number, y: number, s: number, mirror = false): string {
  let i = 0;
  return d.replace(/-?\d*\.?\d+/g, (n) => String(Math.round(i++ % 2 === 0 ? x + Number(n) * s * (mirror ? -1 : 1) : y + Number(n) * s)));
}
const HEART = 'M0 .9C-.5 .5 -1 .15 -1 -.3C-1 -.75 -.65 -1 -.45 -1C-.2 -1 0 -.8 0 -.55C0 -.8 .2 -1 .45 -1C.65 -1 1 -.75 1 -.3C1 .15 .5 .5 0 .9Z';
const PLUS = 'M-.33 -1L.33 -1L.33 -.33L1 -.33L1 .33L.33 .33L.33 1L-.33 1L-.33 .33L-1 .33L-1 -.33L-.33 -.33Z';
const SPARKLE = 'M0 -1Q0 0 1 0Q0 0 0 1Q0 0 -1 0Q0 0 0 -1Z';
const DROP = 'M0 -1C.3 -.5 .7 -.1 .7 .3C.7 .7 .35 1 0 1C-.35 1 -.7 .7 -.7 .3C-.7 -.1 -.3 -.5 0 -1Z';
const LEAF = 'M-1 0Q0 -.8 1 0Q0 .8 -1 0Z';
const CLOUD = 'M-1 .4C-1.25 .4 -1.25 -.15 -.8 -.1C-.8 -.6 -.2 -.7 0 -.3C.2 -.8 .95 -.6 .8 -.1C1.25 -.1 1.25 .4 1 .4Z';
const heart = (x: number, y: number, s: number, fill: string, extra = '') => path(unit(HEART, x, y, s), fill, extra);
const plus = (x: number, y: number, s: number, fill: string, extra = '') => path(unit(PLUS, x, y, s), fill, extra);
const sparkle = (x: number, y: number, s: number, fill: string) => path(unit(SPARKLE, x, y, s), fill, NS);

// ---- backgrounds ----
function clouds(c: Ctx, fill = '#ffffff'): string {
  const left = unit(CLOUD, between(c, 110, 380), between(c, 70, 170), between(c, 55, 80));
  const right = unit(CLOUD, between(c, 820, 1090), between(c, 70, 170), between(c, 45, 75));
  return path(left, fill, ' opacity=".9"') + path(right, fill, ' opacity=".9"');
}

/** Sky, sun, clouds, a far hill and the ground line at groundY. */
function sky(c: Ctx, groundY = 530, sun = true): string {
  const { look, id } = c;
  const sunX = c.rnd() < 0.5 ? between(c, 130, 260) : between(c, 940, 1070);
  const sunY = between(c, 95, 150);
  const hillY = groundY - between(c, 50, 100);
  return `<defs><linearGradient id="${id}s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${look.top}"/><stop offset="1" stop-color="${look.bottom}"/></linearGradient></defs>` +
    rect(0, 0, 1200, 675, 0, `url(#${id}s)`) +
    (sun ? circle(sunX, sunY, 80, look.sun, ' opacity=".3"') + circle(sunX, sunY, 52, look.sun) : '') +
    clouds(c) +
    path(`M0 ${groundY - 10}C250 ${hillY} 450 ${hillY} 700 ${groundY - 25}S1050 ${hillY + 15} 1200 ${groundY - 35}V675H0Z`, look.hill) +
    path(`M0 ${groundY}C400 ${groundY - 20} 800 ${groundY + 20} 1200 ${groundY - 10}V675H0Z`, look.ground);
}

/** A wall and a floor. */
function room(c: Ctx, floorY = 560): string {
  const { look } = c;
  return rect(0, 0, 1200, 675, 0, look.wall) + rect(0, floorY, 1200, 675 - floorY, 0, look.floor) + rect(0, floorY - 16, 1200, 16, 0, '#ffffff', ' opacity=".6"');
}
/** A window on the wall, part of the subject so it mirrors with it. */
const windowAt = (c: Ctx, x: number) => rect(x, 110, 170, 190, 14, c.look.top) + line(`M${x + 85} 110V300M${x} 205H${x + 170}`, INK, 8);

/** A soft diagonal wash with a halo behind the subject and a few sparkles in the margins. */
function soft(c: Ctx): string {
  const { look, id } = c;
  let dots = '';
  for (let i = 0; i < 6; i++) {
    const x = i % 2 === 0 ? between(c, 70, 230) : between(c, 970, 1130);
    const y = between(c, 70 + (i >> 1) * 180, 200 + (i >> 1) * 180);
    const color = ACCENTS[(i + Math.round(c.rnd() * 4)) % ACCENTS.length];
    dots += i % 3 === 0 ? circle(x, y, between(c, 8, 14), color, ' opacity=".45"') : sparkle(x, y, between(c, 14, 24), color);
  }
  return `<defs><linearGradient id="${id}w" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${look.softA}"/><stop offset="1" stop-color="${look.softB}"/></linearGradient></defs>` +
    rect(0, 0, 1200, 675, 0, `url(#${id}w)`) + circle(600, 340, 270, '#ffffff', ' opacity=".55"') + `<g opacity=".8">${dots}</g>`;
}

const shadow = (x: number, y: number, rx: number) => ellipse(x, y, rx, Math.round(rx / 9), INK, ' opacity=".12"');

// ---- shared pieces (local coordinates: origin at the floor, centre or left as noted) ----
const RIBBON = 'M-.5 1.7L.25 .45C.55 -.05 .3 -.45 0 -.45C-.3 -.45 -.55 -.05 -.25 .45L.5 1.7';
/** Awareness ribbon, loop top at x,y; two strokes so the crossing shows. */
function ribbon(x: number, y: number, s: number, color: string): string {
  const w = Math.round(s * 0.32);
  // the front tail is drawn again, square-ended, so it crosses over the back one
  const front = unit('M-.12 .66L.5 1.7', x, y, s);
  return tube(unit(RIBBON, x, y, s), color, w) +
    line(front, INK, w + 14, ' stroke-linecap="butt"') + line(front, color, w, ' stroke-linecap="butt"');
}

/** Hospital bed, origin at the floor under the headboard; the head is drawn by the caller. */
function hospitalBed(blanket: string, head: string): string {
  return rect(0, -280, 38, 280, 12, C.steel) + rect(520, -200, 34, 200, 12, C.steel) +
    rect(60, -120, 16, 90, 0, C.greyD) + rect(480, -120, 16, 90, 0, C.greyD) +
    circle(68, -22, 20, INK) + circle(488, -22, 20, INK) + rect(20, -145, 520, 34, 10, C.greyM) +
    rect(36, -190, 486, 52, 22, C.white) + ellipse(105, -200, 66, 28, C.white) + head +
    path('M165 -190C210 -266 420 -262 522 -200V-150H165Z', blanket) + rect(169, -180, 349, 16, 0, '#ffffff', ' opacity=".35" stroke="none"');
}

/** A face on a pillow: eyes closed, a small smile; extra is the headwear. */
const restingHead = (skin: string, extra: string) =>
  circle(112, -236, 38, skin) + extra + line('M94 -232Q100 -226 106 -232M118 -232Q124 -226 130 -232M102 -216Q112 -209 122 -216', INK, 5);

/** IV stand with a bag at the top, x is the pole. */
function drip(x: number, top: number, floor: number, fluid: string): string {
  return tube(`M${x} ${top - 30}V${floor - 14}M${x - 50} ${floor - 4}L${x} ${floor - 20}L${x + 50} ${floor - 4}M${x - 30} ${top - 30}H${x + 30}`, C.greyM, 8) +
    rect(x - 45, top - 20, 90, 125, 26, '#eef7fd') + rect(x - 33, top + 35, 66, 58, 16, fluid, NS) +
    rect(x - 10, top + 105, 20, 18, 4, C.greyM) + rect(x - 13, top + 123, 26, 42, 9, C.white);
}

/** Hospital: block with a cross sign and two wings; origin bottom centre. */
function hospital(wall: string, wing: string, door: string): string {
  let windows = '';
  for (const [x, y] of [[-95, -300], [-25, -300], [45, -300], [-95, -210], [-25, -210], [45, -210], [-260, -160], [-190, -160], [160, -160], [230, -160]]) {
    windows += rect(x, y, 50, 56, 8, C.blueL);
  }
  return rect(-300, -215, 600, 215, 10, wing) + rect(-135, -360, 270, 360, 12, wall) +
    rect(-62, -470, 124, 110, 20, C.white) + plus(0, -415, 40, C.red) + windows +
    rect(-95, -135, 190, 24, 8, door) + rect(-55, -111, 110, 111, 6, C.blueL) + line('M0 -111V0', INK, 6);
}

/** Rounded tree: trunk and two-tone crown; origin at the trunk foot. */
const tree = (x: number, y: number, s: number, crown: string = C.green) =>
  at(x, y, rect(-14, -120, 28, 120, 8, C.brown) + circle(0, -170, 78, crown) + circle(-22, -190, 30, '#ffffff', ' opacity=".2" stroke="none"'), s);
/** Pointed tree: stacked triangles. */
const pine = (x: number, y: number, s: number) =>
  at(x, y, rect(-12, -60, 24, 60, 6, C.brown) + path('M-80 -50L0 -190L80 -50Z', C.greenD) + path('M-62 -130L0 -250L62 -130Z', C.greenD), s);

/** House: walls, roof, door, window; origin bottom centre, w wide. */
function house(w: number, h: number, wall: string, roof: string): string {
  const half = w / 2;
  return rect(-half, -h, w, h, 6, wall) + path(`M${-half - 30} ${-h + 10}L0 ${-h - w * 0.42}L${half + 30} ${-h + 10}Z`, roof) +
    rect(-w * 0.12, -h * 0.5, w * 0.24, h * 0.5, 6, C.brownL) + rect(-half + w * 0.1, -h * 0.78, w * 0.2, w * 0.18, 6, C.blueL) +
    rect(half - w * 0.3, -h * 0.78, w * 0.2, w * 0.18, 6, C.blueL);
}

interface Kid { skin: string; cloth: string; hair: string; bag?: string; armR?: string }
/** A child standing, origin at the feet; armR is the right arm's path (default: down). */
function child(k: Kid): string {
  const bag = k.bag ? rect(-62, -205, 124, 110, 24, k.bag) : '';
  return bag + rect(-30, -95, 22, 90, 10, k.skin) + rect(8, -95, 22, 90, 10, k.skin) +
    ellipse(-22, -5, 22, 11, INK) + ellipse(22, -5, 22, 11, INK) +
    tube('M-40 -190L-66 -118', k.skin, 16) + tube(k.armR ?? 'M40 -190L66 -118', k.skin, 16) +
    path('M-44 -205Q0 -218 44 -205L72 -86H-72Z', k.cloth) +
    (k.bag ? tube('M-30 -204L-26 -150M30 -204L26 -150', k.bag, 8) : '') +
    circle(-52, -262, 16, k.hair) + circle(52, -262, 16, k.hair) + circle(0, -255, 50, k.skin) +
    path('M-52 -254C-56 -320 56 -320 52 -254C38 -286 -38 -286 -52 -254Z', k.hair) +
    circle(-18, -252, 6, INK, NS) + circle(18, -252, 6, INK, NS) + line('M-15 -232Q0 -220 15 -232', INK, 5);
}

interface Grown { skin: string; cloth: string; hair: string; legs: string }
/** An adult standing, origin at the feet, about 380 tall. */
function adult(g: Grown, armR = 'M58 -280L80 -165'): string {
  return rect(-36, -150, 30, 145, 12, g.legs) + rect(6, -150, 30, 145, 12, g.legs) +
    ellipse(-24, -6, 26, 12, INK) + ellipse(24, -6, 26, 12, INK) +
    tube('M-58 -280L-80 -165', g.cloth, 22) + tube(armR, g.cloth, 22) + path('M-64 -292Q0 -306 64 -292L58 -140H-58Z', g.cloth) +
    circle(0, -340, 46, g.skin) + path('M-48 -336C-52 -402 52 -402 48 -336C36 -366 -36 -366 -48 -336Z', g.hair) +
    circle(-16, -338, 6, INK, NS) + circle(16, -338, 6, INK, NS) + line('M-13 -318Q0 -308 13 -318', INK, 5);
}

/** Seen from the side, pointing right; origin at the back wheel's ground point minus 110. */
function ambulance(): string {
  return path('M0 -50V-215Q0 -235 20 -235H345Q360 -235 368 -222L420 -150H482Q505 -150 505 -127V-50Q505 -35 490 -35H15Q0 -35 0 -50Z', C.white) +
    rect(4, -112, 497, 28, 0, C.red, NS) + path('M378 -205L414 -154H350V-205Z', C.blueL) + rect(30, -205, 80, 55, 8, C.blueL) +
    plus(215, -168, 36, C.red) + line('M335 -225V-45', INK, 6) + rect(150, -265, 84, 30, 10, C.blue) + rect(150, -265, 42, 30, 0, C.red, NS) +
    line('M130 -290L118 -310M192 -282V-312M254 -290L266 -310', INK, 7) + rect(488, -82, 26, 30, 6, C.greyM) + rect(496, -140, 14, 18, 4, C.yellow) +
    circle(110, -35, 42, INK) + circle(110, -35, 17, C.grey) + circle(400, -35, 42, INK) + circle(400, -35, 17, C.grey);
}

/** A sitting dog facing us; origin bottom centre, about 310 tall. */
function dog(coat: string, light: string): string {
  return tube('M62 -22C118 -30 132 -82 110 -116', coat, 22) +
    path('M-72 0C-92 -62 -76 -150 -40 -182H40C76 -150 92 -62 72 0Z', coat) + ellipse(0, -118, 30, 44, light, NS) +
    rect(-44, -92, 30, 92, 14, light) + rect(14, -92, 30, 92, 14, light) +
    ellipse(-72, -232, 24, 50, '#8a5a36', ' transform="rotate(20 -72 -232)"') + ellipse(72, -232, 24, 50, '#8a5a36', ' transform="rotate(-20 72 -232)"') +
    circle(0, -232, 74, coat) + ellipse(0, -200, 42, 31, light) + ellipse(0, -214, 15, 10, INK) +
    circle(-28, -248, 8, INK, NS) + circle(28, -248, 8, INK, NS) + line('M-16 -194Q0 -184 0 -202Q0 -184 16 -194', INK, 5) +
    rect(-46, -168, 92, 16, 8, C.red) + circle(0, -150, 10, C.yellow);
}

/** A cow facing us with a bell; origin bottom centre, about 460 tall. */
function cow(): string {
  const hide = '#fbf7f0';
  return rect(-125, -270, 250, 200, 80, hide) + path('M40 -250C80 -262 110 -220 100 -180C70 -190 50 -210 40 -250Z', '#8a5a36', NS) +
    rect(-95, -100, 40, 100, 14, hide) + rect(55, -100, 40, 100, 14, hide) + rect(-95, -22, 40, 22, 6, INK) + rect(55, -22, 40, 22, 6, INK) +
    tube('M-40 -400Q-72 -430 -56 -462M40 -400Q72 -430 56 -462', '#efe3c8', 16) +
    ellipse(-100, -375, 46, 20, hide, ' transform="rotate(-15 -100 -375)"') + ellipse(100, -375, 46, 20, hide, ' transform="rotate(15 100 -375)"') +
    path('M-72 -400Q0 -424 72 -400L58 -258Q0 -238 -58 -258Z', hide) + path('M-70 -395Q-40 -412 -10 -410Q-20 -370 -66 -355Z', '#8a5a36', NS) +
    ellipse(0, -262, 70, 44, C.pink) + ellipse(-26, -262, 9, 13, '#c97b86', NS) + ellipse(26, -262, 9, 13, '#c97b86', NS) +
    circle(-32, -338, 9, INK, NS) + circle(32, -338, 9, INK, NS) +
    tube('M-60 -222Q0 -200 60 -222', C.red, 10) + circle(0, -196, 20, C.yellow);
}

/** Music note (single, or beamed pair). */
function note(x: number, y: number, s: number, fill: string, pair = false): string {
  const head = (hx: number, hy: number) => ellipse(hx, hy, Math.round(s * 0.5), Math.round(s * 0.36), fill, ` transform="rotate(-20 ${hx} ${hy})"`);
  const top = y - s * 2;
  if (!pair) return line(`M${x + s * 0.45} ${y}V${top}Q${x + s * 0.9} ${top + s * 0.4} ${x + s * 1.1} ${top + s}`, INK, 8) + head(x, y);
  const x2 = x + s * 1.6;
  return path(`M${x + s * 0.45} ${y}V${top}L${x2 + s * 0.45} ${top - s * 0.3}V${y - s * 0.3}`, 'none', ' stroke-width="9"') + head(x, y) + head(x2, y - s * 0.3);
}

/** A cog: teeth around a hub. */
function gear(x: number, y: number, r: number, teeth: number, fill: string): string {
  const pts: string[] = [];
  const step = (Math.PI * 2) / teeth;
  const around = (a: number, rr: number) => `${Math.round(x + Math.cos(a) * rr)},${Math.round(y + Math.sin(a) * rr)}`;
  for (let i = 0; i < teeth; i++) {
    const a = i * step;
    pts.push(around(a, r * 0.8), around(a + step * 0.12, r), around(a + step * 0.42, r), around(a + step * 0.54, r * 0.8));
  }
  return `<polygon points="${pts.join(' ')}" fill="${fill}"/>` + circle(x, y, Math.round(r * 0.32), '#ffffff');
}

/** Marigold: three rings of orange. */
const marigold = (x: number, y: number, r: number) =>
  circle(x, y, r, C.orange) + circle(x, y, Math.round(r * 0.62), '#fbb843', NS) + circle(x, y, Math.round(r * 0.24), '#c8621c', NS);

/** Flame with a yellow heart, centre x,y. */
const flame = (x: number, y: number, s: number) =>
  path(unit(DROP, x, y, s), C.orange) + path(unit(DROP, x, y + Math.round(s * 0.35), Math.round(s * 0.5)), C.yellow, NS);

/** Capsule pill, two colours, centred and rotated. */
const capsule = (x: number, y: number, rot: number, a: string, b: string) =>
  at(x, y, rect(-70, -30, 140, 60, 30, b) + path('M0 -30H-40A30 30 0 0 0 -40 30H0Z', a), 1, rot);
const tablet = (x: number, y: number, fill: string) => circle(x, y, 34, fill) + line(`M${x - 20} ${y}H${x + 20}`, INK, 5);

/** A wave band from y to the bottom of the picture. */
function water(y: number, fill: string, amp = 24, extra = ''): string {
  let d = `M0 ${y}Q75 ${y - amp} 150 ${y}`;
  for (let x = 300; x <= 1200; x += 150) d += `T${x} ${y}`;
  return path(`${d}V675H0Z`, fill, extra);
}

/** Quadratic-bezier points for beads and garlands. */
function along(x0: number, y0: number, cx: number, cy: number, x1: number, y1: number, n: number): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i < n; i++) {
    const t = i / (n - 1);
    const u = 1 - t;
    out.push([Math.round(u * u * x0 + 2 * u * t * cx + t * t * x1), Math.round(u * u * y0 + 2 * u * t * cy + t * t * y1)]);
  }
  return out;
}

// ---- scenes: [main, gallery-1, gallery-2] per cause ----
const scarf = (color: string) => path('M72 -240C74 -286 152 -289 152 -240Z', color) + circle(76, -236, 10, color);

const cancerRoom: Scene = (c) => [
  room(c, 575),
  ink(windowAt(c, 110) + rect(540, 100, 160, 200, 16, C.white) + ribbon(620, 150, 62, C.orange) +
    at(290, 575, hospitalBed(c.accent, restingHead(c.skin, scarf(C.orange)))) +
    line('M940 368C935 470 760 430 650 412', '#8fc3e6', 7) + drip(940, 200, 575, C.yellow)),
];
const cancerRibbon: Scene = (c) => [
  soft(c),
  ink(shadow(600, 575, 170) + ribbon(600, 175, 215, C.orange) + heart(380, 260, 46, C.pink) + heart(830, 380, 38, C.coral) + heart(790, 190, 24, C.red)),
];
const cancerDrip: Scene = (c) => [
  soft(c),
  ink(tube('M600 60V125', C.greyM, 10) + rect(465, 120, 270, 330, 64, '#eef7fd') + rect(490, 250, 220, 178, 44, C.yellow, NS) +
    rect(545, 160, 110, 76, 14, C.white) + plus(600, 198, 26, C.red) + rect(580, 450, 40, 36, 8, C.greyM) +
    rect(568, 486, 64, 92, 18, C.white) + path(unit(DROP, 600, 540, 20), C.yellow) + line('M600 580V680', '#8fc3e6', 10) +
    ribbon(860, 250, 70, C.orange) + heart(330, 300, 44, C.pink) + heart(380, 470, 28, C.coral)),
];

/** Cupped hands (palms up) meeting at x=600, holding whatever is drawn above y 430. */
function cuppedHands(skin: string, sleeve: string): string {
  const hand = (m: boolean) => path(unit('M0 .5C-.6 .52 -1.02 .25 -1.08 -.25C-1.12 -.45 -.95 -.5 -.88 -.34C-.9 -.58 -.7 -.6 -.66 -.4C-.66 -.6 -.46 -.6 -.45 -.4L-.42 -.15C-.3 -.1 -.15 -.02 0 -.02Z', 600, 470, 240, m), skin);
  const cuff = (m: boolean) => path(unit('M-1.02 .05L-1.3 .85L-.82 .85L-.55 .4Z', 600, 470, 240, m), sleeve);
  return cuff(false) + cuff(true) + hand(false) + hand(true) + line('M600 500V590', INK, 6);
}
const transplantHands: Scene = (c) => [
  soft(c),
  ink(heart(600, 368, 150, C.red) + plus(600, 345, 46, C.white) + cuppedHands(c.skin, c.accent) + sparkle(390, 200, 30, C.yellow) + sparkle(820, 170, 22, C.yellow)),
];
const KIDNEY = 'M.2 -1C.8 -1 1 -.4 1 0C1 .5 .7 1 .2 1C-.2 1 -.35 .6 -.12 .35C.08 .12 .08 -.12 -.12 -.35C-.35 -.6 -.2 -1 .2 -1Z';
const transplantOrgans: Scene = (c) => [
  soft(c),
  ink(shadow(600, 560, 260) + tube('M470 370C500 470 560 480 580 560M730 370C700 470 640 480 620 560', '#f5c0a8', 12) +
    path(unit(KIDNEY, 440, 300, 130, true), '#e0707a') + path(unit(KIDNEY, 760, 300, 130), '#e0707a') +
    ellipse(600, 560, 60, 36, '#f5c0a8') + heart(600, 190, 58, C.red) + plus(600, 180, 20, C.white)),
];
const transplantHospital: Scene = (c) => [
  sky(c, 560),
  ink(at(600, 585, hospital(C.white, '#e7eef5', c.accent)) + tree(210, 585, 0.9) + tree(990, 585, 0.9) +
    heart(860, 180, 46, C.red) + line('M860 222Q880 300 840 360', INK, 4)),
];

const accidentRoad: Scene = (c) => [
  sky(c, 520) + rect(0, 530, 1200, 110, 0, '#6f7b88') + line('M0 625H1200', '#ffffff', 8, ' stroke-dasharray="60 40"'),
  ink(tree(140, 525, 0.8) + tree(1060, 525, 0.7) + at(345, 592, ambulance()) + line('M190 380H300M220 430H300M170 480H300', INK, 9, ' opacity=".3"')),
];
const accidentKit: Scene = (c) => [
  soft(c),
  ink(shadow(600, 540, 230) + tube('M520 250V215Q520 192 543 192H657Q680 192 680 215V250', C.greyD, 18) +
    rect(400, 240, 400, 280, 40, C.red) + line('M400 300H800', INK, 6) + circle(600, 400, 78, C.white) + plus(600, 400, 52, C.red) +
    at(880, 230, rect(-100, -30, 200, 60, 30, C.tan) + rect(-36, -22, 72, 44, 8, '#f4dcc0'), 1, -35) +
    at(880, 230, rect(-100, -30, 200, 60, 30, C.tan) + rect(-36, -22, 72, 44, 8, '#f4dcc0'), 1, 35) +
    circle(300, 470, 70, C.white) + circle(300, 470, 26, C.grey) + path('M300 540H420V500H330Z', C.white)),
];
const castLeg = (skin: string) => tube('M560 -200V-390H380M470 -390V-300', C.greyM, 8) + ellipse(522, -318, 20, 32, skin, ' transform="rotate(30 522 -318)"') + tube('M400 -222L510 -292', C.white, 56);
const crutches = tube('M905 572L950 300M945 572L990 305M930 296L1000 308M918 470L965 478', C.greyM, 10);
const bandage = rect(74, -262, 76, 20, 8, C.white) + circle(138, -252, 6, C.red, NS);
const accidentWard: Scene = (c) => [
  room(c, 575),
  ink(windowAt(c, 90) + at(300, 575, hospitalBed(c.accent, restingHead(c.skin, bandage)) + castLeg(c.skin)) + crutches + heart(420, 235, 28, C.pink)),
];

const ECG = 'M170 340H420L450 300L490 410L540 200L580 380L605 340H1030';
const heartScope: Scene = (c) => [
  soft(c),
  ink(shadow(600, 580, 220) + heart(600, 330, 215, C.red) + path('M490 200C470 220 460 250 465 280', 'none', ' stroke="#ffffff" stroke-width="16" opacity=".6"') +
    tube(ECG, C.white, 12) + tube('M325 160C315 250 350 300 395 310C440 300 475 250 465 160', C.greyD, 10) +
    circle(325, 156, 14, INK) + circle(465, 156, 14, INK) + tube('M395 310C400 470 600 560 760 500', c.accent, 14) +
    circle(792, 488, 44, C.steel) + circle(792, 488, 24, C.greyM)),
];
const heartBaby: Scene = (c) => [
  soft(c),
  ink(shadow(600, 540, 300) + circle(400, 330, 122, C.blueL) + ellipse(650, 380, 270, 130, C.blueL) + line('M560 270Q620 380 560 500M720 262Q780 380 720 505', INK, 6, ' opacity=".35"') +
    circle(400, 330, 92, c.skin) + line('M352 328Q366 340 380 328M420 328Q434 340 448 328M386 372Q400 382 414 372', INK, 6) +
    circle(350, 358, 14, C.pink, ' opacity=".7" stroke="none"') + circle(450, 358, 14, C.pink, ' opacity=".7" stroke="none"') +
    heart(660, 375, 56, C.red) + heart(860, 200, 30, C.pink) + heart(930, 270, 18, C.coral) + tube('M470 160H560L580 130L600 190L615 160H700', C.red, 8)),
];
const heartMonitor: Scene = (c) => [
  soft(c),
  ink(shadow(600, 565, 200) + rect(560, 470, 80, 60, 0, C.greyD) + rect(470, 525, 260, 30, 15, C.greyM) +
    rect(320, 130, 560, 350, 36, '#2c3e55') + rect(350, 160, 500, 290, 18, '#1c2b3e') +
    line('M380 320H500L525 280L555 370L590 200L620 340L640 320H820', '#5ef0a8', 10, ' stroke-linejoin="round"') +
    heart(780, 210, 26, C.red) + circle(390, 420, 10, C.yellow, NS) + heart(230, 250, 40, C.pink) + heart(960, 420, 32, c.accent)),
];

/** A swaddled newborn lying down, head at x,y. */
const newborn = (x: number, y: number, skin: string, wrap: string) =>
  ellipse(x + 92, y + 8, 90, 42, wrap) + circle(x, y, 40, skin) + path(`M${x - 40} ${y - 5}C${x - 40} ${y - 60} ${x + 40} ${y - 60} ${x + 40} ${y - 5}Z`, wrap) +
  line(`M${x - 20} ${y + 8}Q${x - 12} ${y + 15} ${x - 4} ${y + 8}M${x + 6} ${y + 8}Q${x + 14} ${y + 15} ${x + 22} ${y + 8}`, INK, 5);
const nicuIncubator: Scene = (c) => [
  room(c, 600),
  ink(rect(360, 540, 22, 45, 0, C.greyD) + rect(818, 540, 22, 45, 0, C.greyD) + circle(371, 585, 18, INK) + circle(829, 585, 18, INK) +
    rect(310, 425, 580, 125, 26, C.white) + line('M360 485H840', INK, 6, ' opacity=".4"') +
    path('M330 428V280Q330 185 425 185H775Q870 185 870 280V428Z', '#d9f1fa') + rect(365, 392, 470, 36, 16, C.white) +
    newborn(425, 362, c.skin, C.pink) + newborn(645, 362, c.skin, C.blueL) + line('M372 290Q372 228 430 226', '#ffffff', 12) +
    tube('M985 590V300', C.greyM, 8) + rect(915, 200, 140, 105, 16, '#2c3e55') + line('M932 258H962L972 236L986 280L998 252H1038', '#5ef0a8', 6) +
    heart(600, 125, 30, C.pink)),
];
const FOOT = 'M0 -.75C.45 -.75 .55 -.25 .45 .15C.38 .55 .4 .95 0 1C-.35 1.02 -.42 .7 -.38 .35C-.33 0 -.48 -.75 0 -.75Z';
const TOES: [number, number, number][] = [[-.22, -.98, .19], [.05, -1.06, .14], [.26, -1, .12], [.43, -.87, .1], [.54, -.68, .09]];
function footprint(x: number, y: number, s: number, fill: string, mirror: boolean): string {
  const toes = TOES.map(([tx, ty, r]) => circle(Math.round(x + tx * s * (mirror ? -1 : 1)), Math.round(y + ty * s), Math.round(r * s), fill)).join('');
  return path(unit(FOOT, x, y, s, mirror), fill) + toes;
}
const nicuFeet: Scene = (c) => [
  soft(c),
  ink(footprint(490, 370, 140, C.pink, true) + footprint(710, 330, 140, C.pink, false) + heart(600, 560, 36, C.red) + heart(800, 560, 22, c.accent) + heart(400, 580, 22, c.accent)),
];
const nicuBottle: Scene = (c) => [
  soft(c),
  ink(shadow(600, 560, 260) + path('M505 190C505 130 545 100 560 80C575 100 615 130 615 190Z', '#f3c9a0') + rect(480, 180, 150, 44, 14, c.accent) +
    rect(490, 224, 130, 320, 34, '#f4fbff') + rect(500, 330, 110, 204, 26, C.cream, NS) + line('M500 290H530M500 360H530M500 430H530', INK, 5) +
    tube('M760 380V560', C.yellow, 22) + circle(760, 300, 92, C.yellow) + circle(760, 300, 50, C.coral) + circle(760, 575, 26, 'none') +
    heart(380, 260, 36, C.pink) + heart(880, 490, 26, C.pink)),
];

const medicinesBottle: Scene = (c) => [
  soft(c),
  ink(shadow(600, 560, 300) + rect(480, 150, 240, 80, 18, C.white) + line('M520 160V220M560 160V220M600 160V220M640 160V220M680 160V220', INK, 4, ' opacity=".4"') +
    rect(500, 228, 200, 26, 0, '#d5822f') + rect(465, 250, 270, 305, 42, '#eb9540') + rect(505, 330, 190, 150, 16, C.white) + plus(600, 405, 42, C.red) +
    capsule(330, 480, 25, C.red, C.white) + capsule(870, 480, -20, c.accent, C.white) + capsule(880, 230, 35, C.yellow, C.white) +
    tablet(310, 320, C.white) + tablet(920, 360, '#f7d7e0') + tablet(360, 570, '#ffffff')),
];
function calendarCells(accent: string): string {
  let cells = '';
  for (let row = 0; row < 3; row++) {
    for (let col = 0; col < 5; col++) {
      const x = 435 + col * 82;
      const y = 305 + row * 72;
      const taken = row * 5 + col < 8;
      cells += taken ? circle(x, y, 24, accent) + line(`M${x - 11} ${y}L${x - 3} ${y + 9}L${x + 12} ${y - 9}`, '#ffffff', 6) : circle(x, y, 24, C.grey);
    }
  }
  return cells;
}
const medicinesCalendar: Scene = (c) => [
  soft(c),
  ink(shadow(600, 565, 260) + rect(380, 160, 440, 380, 30, C.white) + path('M380 245V190Q380 160 410 160H790Q820 160 820 190V245Z', C.red) +
    rect(460, 125, 24, 70, 12, C.greyD) + rect(716, 125, 24, 70, 12, C.greyD) + calendarCells(c.accent) + capsule(850, 500, -30, C.red, C.white) + tablet(330, 520, C.white)),
];
function blister(): string {
  let bubbles = '';
  for (let row = 0; row < 3; row++) for (let col = 0; col < 2; col++) bubbles += circle(-60 + col * 120, -110 + row * 110, 40, C.white) + circle(-72 + col * 120, -122 + row * 110, 10, C.grey, NS);
  return rect(-130, -180, 260, 360, 30, C.steel) + bubbles;
}
const medicinesBlister: Scene = (c) => [
  soft(c),
  ink(shadow(600, 560, 280) + at(500, 350, blister(), 1, -10) + path('M720 270L745 545H865L890 270Z', '#e0f0fb') + path('M728 360L745 545H865L882 360Z', C.blueL, NS) +
    capsule(900, 190, 30, c.accent, C.white) + tablet(320, 540, C.white) + path(unit(DROP, 330, 200, 40), C.blue)),
];

const rareBalloon: Scene = (c) => [
  sky(c, 545),
  ink(line('M676 262C730 250 790 240 800 214', INK, 4) + heart(800, 150, 66, C.red) + path('M786 220L800 206L814 220Z', C.red) +
    at(560, 600, child({ skin: c.skin, cloth: c.accent, hair: '#3a2a22', armR: 'M40 -190L86 -258' }), 1.3) +
    sparkle(880, 280, 22, C.yellow) + sparkle(380, 220, 26, C.yellow)),
];
/** DNA: two strands turning around each other, with rungs where they are apart. */
function helix(): string {
  const half = 110;
  const amp = 110;
  let rungs = '';
  let a = `M${-amp} -220`;
  let b = `M${amp} -220`;
  for (let k = 0; k < 4; k++) {
    const y0 = -220 + k * half;
    const x0 = k % 2 === 0 ? -amp : amp;
    a += `C${x0} ${y0 + 40} ${-x0} ${y0 + 70} ${-x0} ${y0 + half}`;
    b += `C${-x0} ${y0 + 40} ${x0} ${y0 + 70} ${x0} ${y0 + half}`;
    for (const dy of [k === 0 ? -1 : 0, 28, 82]) {
      const w = Math.round(Math.abs(Math.cos((Math.PI * dy) / half)) * amp);
      if (dy >= 0) rungs += tube(`M${-w} ${y0 + dy}H${w}`, dy === 0 ? C.yellow : C.blue, 8);
    }
  }
  return rungs + tube(a, C.teal, 20) + tube(b, C.coral, 20);
}
const rareHelix: Scene = (c) => [
  soft(c),
  ink(heart(600, 330, 250, '#fcd3dc') + at(600, 320, helix(), 1, 22) + heart(880, 170, 30, C.red) + heart(330, 520, 24, c.accent)),
];
const rareTogether: Scene = (c) => [
  sky(c, 545),
  ink(at(520, 590, adult({ skin: c.skin, cloth: c.accent, hair: '#2f2420', legs: C.navy }, 'M58 -280L92 -180')) +
    at(690, 590, child({ skin: c.skin, cloth: C.yellow, hair: '#2f2420' })) +
    tube('M612 405Q628 420 645 410', c.skin, 16) + heart(610, 170, 50, C.red) + heart(700, 110, 24, C.pink)),
];

const otherHospital: Scene = (c) => [
  sky(c, 560),
  ink(at(600, 590, hospital('#f7f9fb', C.grey, C.teal)) + tree(200, 590, 1) + tree(1000, 590, 0.9) + pine(1080, 595, 0.7)),
];
const otherBag: Scene = (c) => [
  soft(c),
  ink(shadow(600, 545, 260) + tube('M520 250V205Q520 180 545 180H655Q680 180 680 205V250', INK, 14) +
    path('M395 290Q395 250 435 250H765Q805 250 805 290L825 500Q825 530 795 530H405Q375 530 375 500Z', c.accent === C.teal ? C.brown : C.teal) +
    rect(560, 240, 80, 36, 8, C.yellow) + circle(600, 400, 76, C.white) + plus(600, 400, 48, C.red) +
    tablet(300, 500, C.white) + capsule(900, 470, -25, C.red, C.white)),
];
const otherClipboard: Scene = (c) => [
  soft(c),
  ink(shadow(600, 565, 240) + rect(420, 140, 320, 410, 24, C.brownL) + rect(452, 188, 256, 330, 10, C.white) + rect(540, 116, 80, 50, 12, C.greyD) +
    plus(580, 250, 32, C.red) + line('M490 330H670M490 380H640M490 430H670M490 480H610', C.greyM, 12) +
    tube('M770 150C760 240 790 290 830 300C870 290 900 240 890 150', C.greyD, 10) + tube('M830 300C840 420 760 520 690 520', c.accent, 14) +
    circle(670, 522, 40, C.steel) + circle(670, 522, 22, C.greyM) + path(unit(DROP, 320, 260, 36), C.blue)),
];

const memorialCandle: Scene = (c) => [
  soft(c),
  ink(circle(600, 240, 150, C.yellow, ' opacity=".22" stroke="none"') + circle(600, 240, 95, C.yellow, ' opacity=".3" stroke="none"') +
    ellipse(600, 535, 200, 34, '#d9a441') + rect(530, 300, 140, 235, 18, C.cream) + path('M530 330Q560 345 575 325Q590 360 610 330Q640 350 670 325V318H530Z', '#ffffff', NS) +
    line('M600 300V272', INK, 6) + flame(600, 225, 50) +
    marigold(410, 525, 46) + marigold(470, 565, 38) + marigold(365, 575, 32) + marigold(790, 520, 46) + marigold(730, 565, 38) + marigold(840, 575, 32) +
    path(unit(LEAF, 440, 480, 34), C.green) + path(unit(LEAF, 760, 478, 34), C.green) + heart(860, 200, 26, c.accent)),
];
const BOOK_COLOURS = [C.red, C.teal, C.yellow, C.blue, C.orange, C.purple, C.green, C.coral];
function shelfRow(x: number, y: number, n: number, seed: number): string {
  let out = '';
  let left = x;
  for (let i = 0; i < n; i++) {
    const w = 38 + ((seed * 7 + i * 13) % 4) * 8;
    const h = 90 + ((seed * 5 + i * 11) % 3) * 14;
    out += rect(left, y - h, w, h, 6, BOOK_COLOURS[(seed + i) % BOOK_COLOURS.length]) + line(`M${left + 8} ${y - h + 20}H${left + w - 8}`, '#ffffff', 5, ' opacity=".6"');
    left += w + 6;
  }
  return out;
}
const memorialLibrary: Scene = (c) => [
  room(c, 585),
  ink(rect(330, 110, 540, 470, 20, C.brown) + rect(356, 136, 488, 420, 8, '#f4e3c8') + rect(356, 292, 488, 18, 0, C.brown) + rect(356, 440, 488, 18, 0, C.brown) +
    shelfRow(372, 292, 8, 1) + shelfRow(372, 440, 6, 4) + at(766, 440, rect(-22, -110, 44, 110, 6, C.purple), 1, 14) +
    shelfRow(372, 556, 4, 2) + rect(640, 498, 110, 58, 8, C.white) + heart(695, 527, 18, C.red) + flame(800, 505, 24) + rect(786, 520, 28, 36, 6, C.cream) +
    tube('M960 585V470', C.greenD, 8) + path(unit(LEAF, 930, 470, 40), C.green) + path(unit(LEAF, 990, 430, 40), C.green) + rect(920, 540, 80, 45, 10, c.accent)),
];
function garland(): string {
  return along(440, 150, 600, 760, 760, 150, 17).map(([x, y], i) => circle(x, y, 20, i % 2 === 0 ? C.orange : C.yellow)).join('');
}
const memorialPortrait: Scene = (c) => [
  room(c, 590),
  ink(rect(420, 90, 360, 430, 20, C.brown) + rect(450, 120, 300, 370, 8, '#e9eef3') + path('M490 490Q490 370 600 360Q710 370 710 490Z', c.accent) +
    circle(600, 280, 72, c.skin) + path('M526 270C520 200 680 200 674 270C660 236 540 236 526 270Z', '#e7e9ee') +
    circle(574, 284, 20, 'none') + circle(626, 284, 20, 'none') + line('M594 284H606M582 318Q600 330 618 318', INK, 5) + garland() +
    path('M530 565Q600 625 670 565Z', C.clay) + flame(600, 535, 24) + marigold(455, 575, 30) + marigold(745, 575, 30)),
];

const eduCap: Scene = (c) => [
  soft(c),
  ink(shadow(600, 560, 260) + rect(390, 470, 420, 80, 14, C.blue) + rect(420, 395, 370, 75, 14, C.red) + rect(400, 325, 400, 70, 14, C.teal) +
    line('M420 470V550M780 470V550M440 395V470M770 395V470M420 325V395M780 325V395', '#ffffff', 8, ' opacity=".5"') +
    path('M480 245V300Q600 345 720 300V245Z', '#24344f') + path('M600 140L830 210L600 280L370 210Z', '#2f4463') +
    tube('M600 210L790 245V330', C.yellow, 8) + rect(775, 325, 30, 52, 10, C.yellow) + circle(600, 210, 13, C.yellow) +
    sparkle(330, 200, 26, C.yellow) + sparkle(900, 160, 20, c.accent)),
];
const eduEngineering: Scene = (c) => [
  soft(c),
  ink(shadow(600, 570, 280) + gear(520, 340, 160, 12, C.teal) + gear(770, 215, 90, 9, C.yellow) + gear(790, 440, 70, 8, c.accent === C.teal ? C.coral : c.accent) +
    at(600, 560, rect(-260, -34, 520, 68, 10, C.yellow) + line('M-230 -34V-6M-180 -34V-14M-130 -34V-6M-80 -34V-14M-30 -34V-6M20 -34V-14M70 -34V-6M120 -34V-14M170 -34V-6M220 -34V-14', INK, 6), 1, -4)),
];
const eduLaptop: Scene = (c) => [
  soft(c),
  ink(shadow(600, 520, 300) + rect(370, 130, 460, 300, 24, '#2c3e55') + rect(398, 158, 404, 244, 10, C.blueL) +
    gear(540, 285, 70, 9, C.teal) + path('M640 290V320Q700 345 760 320V290Z', '#2f4463') + path('M700 220L790 255L700 290L610 255Z', '#2f4463') + tube('M700 255L775 270V310', C.yellow, 5) + path('M300 430H900L860 500H340Z', C.greyM) +
    rect(860, 330, 170, 44, 10, C.red) + rect(880, 374, 150, 44, 10, C.yellow) + rect(850, 418, 170, 44, 10, c.accent)),
];

const floodRain = (c: Ctx) => {
  let drops = '';
  for (let i = 0; i < 14; i++) {
    const x = 90 + i * 80 + between(c, -20, 20);
    const y = between(c, 230, 330);
    drops += `M${x} ${y}l-14 34`;
  }
  return line(drops, '#5b8fd6', 9, ' stroke-linecap="round"');
};
const floodHouse: Scene = (c) => [
  sky(c, 470, false),
  floodRain(c) + ink(path(unit(CLOUD, 600, 150, 210), '#9aa7b6') + path(unit(CLOUD, 330, 175, 120), '#b5c0cc') + path(unit(CLOUD, 900, 170, 110), '#b5c0cc') +
    at(600, 560, house(300, 240, '#f2d9b5', '#c2553f')) + at(215, 520, rect(-14, -120, 28, 120, 8, C.brown) + circle(0, -170, 78, C.green), 0.8) +
    at(1000, 525, rect(-14, -120, 28, 120, 8, C.brown) + circle(0, -170, 78, C.green), 0.7)) +
    water(455, C.blue, 24, ' opacity=".92"') + line('M120 530q40 -14 80 0M420 560q40 -14 80 0M760 540q40 -14 80 0M980 600q40 -14 80 0M260 620q40 -14 80 0', '#ffffff', 7, ' opacity=".7"'),
];
const floodRebuild: Scene = (c) => [
  sky(c, 560),
  ink(tube('M420 560V290M780 560V290M400 300L600 160L800 300M420 420H780M420 420L600 300L780 420', C.brownL, 20) +
    brickRows() + at(890, 560, tube('M-60 0L40 -330M20 0L120 -330M-40 -80L60 -80M-20 -160L80 -160M0 -240L100 -240', C.yellow, 12)) +
    at(300, 560, rect(-20, -160, 40, 160, 10, C.brown) + rect(-70, -200, 140, 60, 14, C.greyD), 1, -25) + heart(600, 245, 30, C.red)),
];
function brickRows(): string {
  let out = '';
  for (let row = 0; row < 3; row++) {
    for (let i = 0; i < 4 - (row === 2 ? 1 : 0); i++) out += rect(430 + i * 88 + (row % 2) * 44, 520 - row * 40, 84, 36, 4, C.clay);
  }
  return out;
}
function rainbow(): string {
  const colours = [C.red, C.orange, C.yellow, C.green, C.blue];
  return colours.map((col, i) => line(`M${200 + i * 22} 470A${400 - i * 22} ${400 - i * 22} 0 0 1 ${1000 - i * 22} 470`, col, 22, ' opacity=".75"')).join('');
}
const floodBoat: Scene = (c) => [
  sky(c, 470, true) + rainbow(),
  ink(at(520, 480, child({ skin: c.skin, cloth: C.orange, hair: '#2f2420' }), 0.7) + at(660, 480, adult({ skin: SKINS[(SKINS.indexOf(c.skin) + 1) % 4], cloth: C.orange, hair: '#2f2420', legs: C.navy }), 0.65) +
    path('M360 450H840L790 540H410Z', C.red) + line('M372 470H828', '#ffffff', 10)) +
    water(520, C.blue, 20, ' opacity=".92"') + line('M200 590q40 -14 80 0M560 610q40 -14 80 0M900 580q40 -14 80 0', '#ffffff', 7, ' opacity=".7"'),
];

function school(wall: string, roof: string): string {
  let windows = '';
  for (const y of [-190, -100]) for (const x of [-190, -120, 70, 140]) windows += rect(x, y, 50, 56, 6, C.blueL);
  return rect(-220, -235, 440, 235, 8, wall) + rect(-235, -258, 470, 28, 8, roof) + rect(-60, -345, 120, 115, 6, wall) +
    path('M-82 -340L0 -412L82 -340Z', roof) + circle(0, -290, 26, C.white) + line('M0 -302V-290H12', INK, 5) + windows +
    path('M-42 0V-90Q-42 -130 0 -130Q42 -130 42 -90V0Z', C.teal) + rect(-70, 0, 140, 12, 4, C.greyM);
}
const childrenSchool: Scene = (c) => [
  sky(c, 540),
  ink(at(520, 565, school('#f6cf86', '#c2553f')) +
    at(850, 585, child({ skin: c.skin, cloth: C.blue, hair: '#2a1f1b', bag: C.red }), 0.85) +
    at(970, 590, child({ skin: SKINS[(SKINS.indexOf(c.skin) + 2) % 4], cloth: C.blue, hair: '#2a1f1b', bag: C.yellow }), 0.78)),
];
const childrenBag: Scene = (c) => [
  soft(c),
  ink(shadow(600, 565, 300) + tube('M540 200Q540 140 600 140Q660 140 660 200', c.accent, 16) + rect(420, 190, 360, 370, 80, c.accent) +
    path('M420 300Q600 360 780 300V270Q600 320 420 270Z', '#ffffff', ' opacity=".35"') + rect(480, 380, 240, 150, 40, C.yellow) + line('M510 420H690', INK, 6) +
    rect(830, 380, 110, 180, 16, C.red) + pencil(860, 380, C.yellow) + pencil(905, 360, C.blue) + pencil(240, 520, C.green, -60)),
];
function pencil(x: number, y: number, fill: string, rot = 0): string {
  return at(x, y, rect(-12, -150, 24, 150, 4, fill) + path('M-12 -150L0 -185L12 -150Z', C.tan) + rect(-12, -12, 24, 24, 4, C.pink), 1, rot);
}
const childrenBus: Scene = (c) => [
  sky(c, 540) + rect(0, 560, 1200, 70, 0, '#6f7b88'),
  ink(at(270, 590, busBody(c.skin))),
];
function busBody(skin: string): string {
  let windows = '';
  for (let i = 0; i < 5; i++) windows += rect(30 + i * 95, -250, 75, 80, 10, C.blueL) + (i % 2 === 0 ? circle(67 + i * 95, -195, 24, i === 2 ? SKINS[0] : skin) + path(`M${43 + i * 95} -198C${43 + i * 95} -232 ${91 + i * 95} -232 ${91 + i * 95} -198Z`, '#2a1f1b') : '');
  return rect(0, -280, 560, 240, 30, C.yellow) + path('M560 -170H640Q660 -170 660 -150V-60Q660 -40 640 -40H560Z', C.yellow) + windows +
    path('M500 -250H560V-170H500Z', C.blueL) + rect(0, -150, 660, 22, 0, INK, NS) + rect(500, -140, 50, 90, 6, '#f6d97a') +
    circle(130, -40, 44, INK) + circle(130, -40, 17, C.grey) + circle(540, -40, 44, INK) + circle(540, -40, 17, C.grey) + rect(640, -100, 20, 24, 4, C.red);
}

const animalsFriends: Scene = (c) => [
  sky(c, 545),
  ink(at(745, 590, cow(), 0.82) + at(430, 590, dog('#d39a5d', '#f6dcbc'), 1.05) + heart(590, 180, 40, C.red) +
    paw(220, 610, 24) + paw(980, 620, 22)),
];
function paw(x: number, y: number, s: number, fill: string = INK): string {
  return ellipse(x, y, s, Math.round(s * 0.8), fill, ` opacity=".55"${NS}`) +
    [[-1, -1], [-0.35, -1.55], [0.35, -1.55], [1, -1]].map(([dx, dy]) => circle(Math.round(x + dx * s), Math.round(y + dy * s), Math.round(s * 0.34), fill, ` opacity=".55"${NS}`)).join('');
}
const animalsRescued: Scene = (c) => [
  soft(c),
  ink(at(600, 690, dog('#c98b55', '#f3d7b5'), 1.5) + at(548, 252, rect(-46, -14, 92, 28, 12, C.white) + rect(-14, -40, 28, 80, 12, C.white), 1, -30) +
    rect(526, 600, 62, 50, 10, C.white) + line('M530 625H584', C.greyM, 4) +
    heart(860, 200, 40, C.red) + heart(330, 230, 30, C.pink) + plus(930, 420, 30, c.accent)),
];
const animalsPaw: Scene = (c) => [
  soft(c),
  ink(heart(480, 390, 130, c.accent) + [[-1.1, -0.9], [-0.4, -1.5], [0.4, -1.5], [1.1, -0.9]].map(([dx, dy]) => ellipse(Math.round(480 + dx * 130), Math.round(380 + dy * 130), 46, 58, c.accent)).join('') +
    path('M740 450Q830 380 920 450Z', '#9a5b34') + circle(790, 430, 12, '#c98b55', NS) + circle(830, 418, 12, '#c98b55', NS) + circle(868, 432, 12, '#c98b55', NS) +
    path('M720 460H940L905 545H755Z', C.red) + line('M740 500H920', '#ffffff', 8, ' opacity=".5"') + paw(680, 590, 20) + paw(600, 560, 18)),
];

/** Grandfather in a kurta with a walking stick; origin at the feet. */
function grandpa(skin: string, kurta: string): string {
  return tube('M82 -180V-2', C.brown, 10) + line('M82 -180Q82 -204 60 -200', C.brown, 10) +
    path('M-42 -135H42L48 0H-48Z', C.cream) + ellipse(-22, -6, 24, 11, INK) + ellipse(22, -6, 24, 11, INK) +
    tube('M-56 -270L-74 -160', kurta, 22) + tube('M56 -270L82 -190', kurta, 22) + path('M-60 -280Q0 -296 60 -280L66 -120H-66Z', kurta) +
    circle(0, -318, 44, skin) + circle(-42, -318, 14, '#eceff3') + circle(42, -318, 14, '#eceff3') + ellipse(0, -296, 20, 7, '#eceff3') +
    circle(-17, -322, 13, 'none') + circle(17, -322, 13, 'none') + line('M-10 -282Q0 -276 10 -282', INK, 4);
}
/** Grandmother in a sari with its border over the shoulder; origin at the feet. */
function grandma(skin: string, sari: string): string {
  return path('M-56 -270Q0 -290 56 -270L78 0H-78Z', sari) + path('M-56 -270L40 -180L72 -60L20 -70L-30 -200Z', C.yellow, NS) +
    tube('M-56 -262L-72 -160', sari, 20) + circle(0, -308, 42, skin) + path('M-43 -304C-43 -360 43 -360 43 -304C28 -332 -28 -332 -43 -304Z', '#cfd4da') +
    circle(30, -344, 16, '#cfd4da') + circle(0, -322, 4, C.red, NS) + circle(-15, -306, 5, INK, NS) + circle(15, -306, 5, INK, NS) + line('M-11 -288Q0 -280 11 -288', INK, 4);
}
const elderlyHome: Scene = (c) => [
  sky(c, 545),
  ink(at(600, 555, house(420, 220, '#f6e3c6', C.clay)) + tree(190, 560, 0.9) + tree(1020, 560, 0.8) +
    at(520, 610, grandpa(c.skin, C.white), 0.95) + at(690, 610, grandma(SKINS[(SKINS.indexOf(c.skin) + 1) % 4], c.accent), 0.95) + heart(605, 225, 30, C.red)),
];
const elderlyThings: Scene = (c) => [
  soft(c),
  ink(shadow(600, 560, 300) + tube('M430 560L500 220Q512 160 570 168Q620 178 612 230', C.brown, 24) +
    circle(640, 320, 62, '#e8f3fb') + circle(800, 320, 62, '#e8f3fb') + line('M702 318Q720 300 738 318M578 310L540 290M862 310L900 290', INK, 10) +
    ellipse(800, 545, 110, 20, C.white) + path('M735 420L750 540H850L865 420Z', '#e6f1f6') + path('M740 455L750 540H850L860 455Z', '#b8763f', NS) +
    line('M770 400C755 380 785 365 770 340M830 400C815 380 845 365 830 340', C.greyM, 10) + heart(300, 230, 30, c.accent)),
];
/** Rocking chair seen from the side, origin on the floor under the seat. */
const rockingChair = (cushion: string) =>
  tube('M-120 -30Q0 20 120 -30M60 -10L52 -150M-60 -10L-52 -150M-72 -150H70M-52 -150L-100 -340M-76 -235H48M42 -235V-150', C.brown, 12) +
  path('M-62 -160L-100 -330L-84 -336L-44 -170Z', cushion) + rect(-70, -172, 130, 22, 10, cushion);
const elderlyRocking: Scene = (c) => [
  sky(c, 545),
  ink(at(520, 560, house(380, 220, '#f3ead7', C.teal)) + heart(520, 310, 32, C.red) +
    at(880, 590, rockingChair(c.accent)) + tree(1070, 560, 0.6)),
];

const foodBowl: Scene = (c) => [
  soft(c),
  ink(shadow(600, 565, 280) + line('M520 190C496 160 544 138 520 100M600 180C576 150 624 128 600 90M680 190C656 160 704 138 680 100', C.greyM, 14) +
    tube('M700 300L860 140', C.steel, 24) + path('M352 345C370 240 480 205 600 212C720 205 830 240 848 345Z', C.white) +
    riceGrains([[420, 300], [470, 270], [520, 250], [560, 290], [450, 330], [500, 315], [590, 240], [540, 330], [400, 335]]) +
    path('M610 300C640 262 720 258 772 288C815 308 838 328 845 345H600C588 330 592 314 610 300Z', '#eba12f', NS) +
    circle(700, 300, 7, '#c9781c', NS) + circle(760, 318, 7, '#c9781c', NS) + circle(660, 326, 7, '#c9781c', NS) +
    path('M330 340H870C870 476 760 548 600 548C440 548 330 476 330 340Z', c.accent) + path('M345 395H855L842 432H358Z', '#ffffff', ' opacity=".35" stroke="none"') +
    rect(520, 540, 160, 28, 12, c.accent) + path(unit(LEAF, 720, 275, 26), C.green)),
];
/** Short grey strokes that make a white mound read as cooked rice. */
const riceGrains = (at: [number, number][]) =>
  line(at.map(([x, y], i) => `M${x} ${y}l${i % 2 === 0 ? 14 : 12} ${i % 2 === 0 ? -5 : 6}`).join(''), '#c9d2db', 7, ' stroke-linecap="round"');
function roti(x: number, y: number, r: number): string {
  return circle(x, y, r, '#e4b877') + circle(x - 25, y - 18, 9, '#c48a46', NS) + circle(x + 22, y + 10, 7, '#c48a46', NS) + circle(x - 5, y + 30, 6, '#c48a46', NS);
}
const foodThali: Scene = (c) => [
  soft(c),
  ink(shadow(600, 610, 260) + circle(600, 340, 255, C.steel) + circle(600, 340, 215, '#e5ebf0') +
    circle(690, 255, 76, C.greyM) + circle(690, 255, 60, '#f2b53a', NS) + circle(480, 255, 66, C.greyM) + circle(480, 255, 50, '#78b35e', NS) +
    path('M430 440C420 370 500 330 560 350C620 330 660 400 640 450C600 480 470 480 430 440Z', C.white) +
    riceGrains([[470, 400], [520, 380], [570, 390], [610, 420], [500, 440], [550, 430], [590, 450]]) + roti(720, 420, 80) +
    tube('M920 190V520', C.steel, 22) + ellipse(920, 160, 34, 50, C.steel) + heart(290, 200, 30, c.accent)),
];
const foodPot: Scene = (c) => [
  soft(c),
  ink(line('M520 170C496 140 544 118 520 80M600 160C576 130 624 108 600 70M680 170C656 140 704 118 680 80', C.greyM, 14) +
    tube('M720 280L860 130', C.brown, 20) + path('M400 270C420 200 560 190 600 195C660 190 780 200 800 270Z', '#f0c24a') +
    rect(420, 560, 360, 40, 10, '#3d4a5c') + flame(460, 540, 34) + flame(740, 540, 34) + flame(600, 545, 30) +
    ellipse(370, 330, 34, 22, C.greyD) + ellipse(830, 330, 34, 22, C.greyD) + path('M390 280H810V470Q810 540 750 540H450Q390 540 390 470Z', C.steel) +
    rect(370, 262, 460, 40, 20, C.greyM) + path('M420 350H780', 'none', ` stroke="${c.accent}" stroke-width="14"`)),
];

const womenSewing: Scene = (c) => [
  soft(c),
  ink(shadow(600, 540, 320) + rect(330, 480, 540, 40, 14, C.brownL) + rect(390, 440, 420, 45, 14, '#0b5c56') +
    path('M375 455H610L600 492H365Z', C.coral) + line('M385 474H590', '#ffffff', 5, ' stroke-dasharray="14 12"') +
    rect(680, 250, 110, 200, 24, C.teal) + rect(430, 232, 360, 86, 36, C.teal) + rect(420, 232, 110, 150, 28, C.teal) +
    line('M470 382V432', INK, 6) + rect(452, 428, 40, 12, 4, C.greyD) + circle(808, 300, 48, C.greyM) + circle(808, 300, 18, C.greyD) +
    circle(580, 275, 14, C.yellow, NS) + circle(620, 275, 14, C.yellow, NS) + circle(660, 275, 14, C.yellow, NS) +
    line('M640 195C560 180 480 200 470 382', c.accent === C.teal ? C.red : c.accent, 4) + rect(618, 168, 46, 64, 8, c.accent === C.teal ? C.red : c.accent)),
];
const womenLaptop: Scene = (c) => [
  soft(c),
  ink(circle(600, 222, 32, '#2a1f1b') + path('M455 470Q455 352 600 345Q745 352 745 470Z', c.accent) + circle(600, 288, 64, c.skin) +
    path('M534 292C526 212 674 212 666 292C650 254 550 254 534 292Z', '#2a1f1b') + circle(600, 262, 5, C.red, NS) +
    circle(578, 292, 6, INK, NS) + circle(622, 292, 6, INK, NS) + line('M586 314Q600 324 614 314', INK, 5) + circle(538, 316, 8, C.yellow) + circle(662, 316, 8, C.yellow) +
    rect(300, 470, 600, 30, 10, C.brownL) + rect(460, 360, 280, 115, 16, C.greyM) + heart(600, 415, 22, C.white) +
    ellipse(430, 470, 30, 16, c.skin) + ellipse(770, 470, 30, 16, c.skin) + circle(860, 210, 44, C.yellow) + rect(840, 250, 40, 34, 8, C.greyM) +
    line('M860 140V120M910 160L925 146M810 160L795 146', INK, 6)),
];
function spool(x: number, y: number, fill: string): string {
  return rect(x - 44, y - 130, 88, 130, 6, fill) + line(`M${x - 44} ${y - 90}H${x + 44}M${x - 44} ${y - 50}H${x + 44}`, '#ffffff', 4, ' opacity=".5"') +
    rect(x - 58, y - 150, 116, 24, 8, C.tan) + rect(x - 58, y - 6, 116, 24, 8, C.tan);
}
const womenTailor: Scene = (c) => [
  soft(c),
  ink(shadow(600, 520, 300) + spool(420, 480, C.purple) + spool(560, 480, C.coral) + spool(700, 480, c.accent === C.coral ? C.teal : c.accent) +
    at(880, 330, tube('M-30 -20L110 -120M30 -20L-20 -160', C.greyD, 10) + circle(-40, 30, 34, 'none', ' stroke-width="22"') + circle(40, 30, 34, 'none', ' stroke-width="22"') +
      circle(-40, 30, 34, 'none', ` stroke="${C.red}" stroke-width="10"`) + circle(40, 30, 34, 'none', ` stroke="${C.red}" stroke-width="10"`), 1, 10) +
    tube('M290 580C400 540 500 610 620 575S820 540 930 585', C.yellow, 36) + line('M290 580C400 540 500 610 620 575S820 540 930 585', INK, 14, ' stroke-dasharray="3 24" stroke-linecap="butt"')),
];

const envLake: Scene = (c) => [
  sky(c, 520),
  ink(ellipse(810, 590, 260, 52, '#6fb7e8') + line('M700 590H780M840 575H900M760 612H860', '#ffffff', 6) +
    tree(350, 560, 1.25) + pine(540, 545, 1.15) + tree(700, 520, 0.85, C.greenD) +
    tube('M470 630V590', C.greenD, 8) + path(unit(LEAF, 445, 585, 28), C.greenL) + path(unit(LEAF, 495, 575, 28), C.greenL) +
    line('M880 210q16 -16 32 0q16 -16 32 0M960 260q12 -12 24 0q12 -12 24 0', INK, 5)),
];
const envSapling: Scene = (c) => [
  sky(c, 560),
  ink(path('M390 580Q600 440 810 580Z', '#8a5a36') + tube('M600 500V330', C.greenD, 12) + path(unit(LEAF, 540, 360, 64), C.greenL) +
    path(unit(LEAF, 665, 310, 70), C.green) + path(unit(LEAF, 548, 445, 46), C.green) +
    at(840, 240, rect(-70, -60, 140, 120, 24, c.accent) + tube('M-70 -20L-170 -90', c.accent, 16) +
      path('M50 -60C110 -60 110 40 70 40', 'none', ' stroke-width="16"'), 1, -10) +
    path(unit(DROP, 660, 210, 16), C.blue) + path(unit(DROP, 690, 250, 16), C.blue) + path(unit(DROP, 630, 250, 16), C.blue)),
];
const envGlobe: Scene = (c) => [
  soft(c),
  ink(shadow(600, 580, 200) + circle(600, 370, 190, '#5aa3e0') +
    path('M470 260C520 230 560 260 540 300C520 340 560 360 530 400C490 430 450 380 440 330C435 300 445 275 470 260Z', C.green, NS) +
    path('M640 420C690 400 740 420 730 470C720 510 670 520 640 500C615 480 615 440 640 420Z', C.green, NS) +
    path('M650 240C700 230 740 260 730 300C700 310 660 300 650 240Z', C.green, NS) + circle(600, 370, 190, 'none') +
    tube('M600 180V110', C.greenD, 10) + path(unit(LEAF, 560, 110, 46), C.greenL) + path(unit(LEAF, 650, 90, 52), C.green) + heart(850, 200, 30, c.accent)),
];

const pot = (x: number, y: number, s: number) =>
  at(x, y, path('M-70 -150Q-130 -90 -90 -30Q-50 8 0 8Q50 8 90 -30Q130 -90 70 -150Z', C.clay) + rect(-48, -178, 96, 32, 10, C.clay) +
    line('M-92 -90Q0 -70 92 -90', '#ffffff', 8, ' opacity=".8"'), s);
const filmCamera: Scene = (c) => [
  soft(c),
  ink(shadow(600, 600, 260) + tube('M600 430L520 600M600 430L680 600M600 430V600', C.brown, 14) +
    circle(520, 205, 78, '#3b4656') + circle(690, 205, 78, '#3b4656') +
    [[520, 205], [690, 205]].map(([x, y]) => circle(x, y - 36, 16, C.grey) + circle(x - 32, y + 20, 16, C.grey) + circle(x + 32, y + 20, 16, C.grey) + circle(x, y, 9, C.grey)).join('') +
    rect(440, 275, 310, 160, 22, '#4a5668') + rect(750, 315, 44, 80, 8, C.greyD) + path('M794 300L880 266V444L794 410Z', '#3b4656') + ellipse(880, 355, 18, 88, C.blueL) +
    circle(480, 310, 10, C.red) + pot(300, 590, 0.95)),
];
function clapper(): string {
  let stripes = '';
  for (let i = 0; i < 5; i++) stripes += path(`M${20 + i * 72} 0L${56 + i * 72} 0L${36 + i * 72} 52L${0 + i * 72} 52Z`, '#ffffff', NS);
  return rect(0, 0, 380, 52, 8, INK) + stripes + rect(0, 0, 380, 52, 8, 'none');
}
const filmClapper: Scene = (c) => [
  soft(c),
  ink(shadow(600, 560, 250) + rect(410, 300, 380, 240, 18, '#2e3a4a') + at(410, 248, clapper()) + at(410, 236, clapper(), 1, -18) +
    line('M450 390H750M450 450H620M450 500H700', '#ffffff', 10, ' opacity=".6"') +
    tube('M820 540C900 520 960 460 940 380', '#3b4656', 50) + line('M820 540C900 520 960 460 940 380', C.grey, 8, ' stroke-dasharray="10 16"') + sparkle(300, 220, 26, c.accent)),
];
const filmPotter: Scene = (c) => [
  soft(c),
  ink(shadow(600, 600, 300) + rect(470, 500, 260, 90, 20, C.greyD) + ellipse(600, 500, 200, 34, C.steel) +
    path('M540 490Q500 420 540 350Q560 320 550 290H650Q640 320 660 350Q700 420 660 490Z', C.clay) + ellipse(600, 290, 50, 12, '#9b4b28') +
    pot(310, 590, 0.75) + pot(895, 590, 0.65) + sparkle(330, 190, 24, c.accent)),
];

function ektara(): string {
  return tube('M-62 -40L-10 -430M62 -40L10 -430', '#c99b5a', 14) + rect(-36, -452, 72, 22, 8, C.brown) +
    circle(0, 0, 96, '#d88b3c') + ellipse(0, -70, 60, 18, '#f3dcb4') + line('M0 70V-440', INK, 4);
}
function dhol(fill: string): string {
  return rect(0, -75, 260, 150, 0, fill) + line('M0 -75L43 75L86 -75L130 75L173 -75L216 75L260 -75', C.cream, 6) +
    ellipse(0, 0, 42, 78, C.cream) + ellipse(260, 0, 42, 78, C.cream);
}
const musicFolk: Scene = (c) => [
  soft(c),
  ink(shadow(620, 575, 300) + at(480, 500, ektara(), 0.8, -16) + at(650, 490, dhol(C.red)) +
    note(300, 330, 40, c.accent) + note(760, 260, 40, C.purple, true) + note(900, 330, 34, C.teal)),
];
function tabla(): string {
  return path('M-230 -120Q-290 -40 -250 40Q-200 80 -130 80Q-60 80 -20 40Q20 -40 -40 -120Z', C.steel) + ellipse(-135, -120, 100, 26, C.cream) + ellipse(-135, -120, 40, 11, INK) +
    path('M40 -170L60 60Q130 80 200 60L220 -170Z', '#b5703c') + line('M50 -120L210 -60M210 -120L50 -60', C.cream, 6) + ellipse(130, -170, 90, 24, C.cream) + ellipse(130, -170, 34, 9, INK);
}
const musicTabla: Scene = (c) => [
  soft(c),
  ink(shadow(600, 575, 280) + at(600, 510, tabla()) + note(330, 230, 40, c.accent) + note(820, 200, 38, C.purple, true)),
];
const musicMic: Scene = (c) => [
  soft(c),
  ink(shadow(600, 580, 200) + tube('M600 380V560', C.greyD, 12) + ellipse(600, 570, 110, 22, C.greyD) + tube('M520 270Q520 380 600 380Q680 380 680 270', INK, 8) +
    rect(540, 120, 120, 200, 60, C.greyM) + line('M560 180H640M556 220H644M560 260H640', C.greyD, 6) + rect(536, 270, 128, 26, 6, c.accent) +
    tube('M780 470A90 90 0 0 1 960 470', INK, 12) + rect(760, 450, 44, 80, 16, c.accent) + rect(936, 450, 44, 80, 16, c.accent) +
    note(330, 300, 44, C.purple, true) + note(420, 170, 36, C.teal)),
];

const bookOpen: Scene = (c) => [
  soft(c),
  ink(shadow(600, 560, 280) + path('M330 190Q470 150 600 205Q730 150 870 190V530Q730 500 600 550Q470 500 330 530Z', c.accent) +
    path('M355 200Q480 170 600 215V525Q480 485 355 505Z', C.white) + path('M845 200Q720 170 600 215V525Q720 485 845 505Z', C.white) +
    circle(440, 280, 30, C.yellow) + path('M385 470L450 360L510 430L545 390L585 460Z', C.green) +
    rect(665, 350, 100, 90, 4, C.coral) + path('M650 355L715 300L780 355Z', C.blue) + circle(790, 290, 26, C.greenD) +
    sparkle(600, 130, 30, C.yellow) + circle(470, 120, 14, C.coral) + path('M720 110L745 150H695Z', C.teal) + rect(880, 120, 30, 30, 6, C.purple)),
];
/** Six books standing, one per language, the last leaning on the bookend. */
function sixBooks(): string {
  const widths = [66, 54, 76, 60, 72, 58];
  const heights = [250, 215, 280, 235, 295, 240];
  let x = 340;
  let out = '';
  widths.forEach((w, i) => {
    const h = heights[i];
    const col = [C.red, C.orange, C.yellow, C.teal, C.blue, C.purple][i];
    const book = rect(0, -h, w, h, 8, col) + line(`M10 ${26 - h}H${w - 10}M10 ${40 - h}H${w - 10}M10 -30H${w - 10}`, '#ffffff', 5, ' opacity=".7"');
    out += i === 5 ? at(x + 38, 520, book, 1, 14) : at(x, 520, book);
    x += w + 10;
  });
  return out;
}
const bookShelf: Scene = (c) => [
  room(c, 585),
  ink(rect(300, 520, 600, 26, 8, C.brown) + sixBooks() + rect(850, 370, 30, 150, 6, C.greyD) + rect(850, 500, 70, 20, 6, C.greyD) + sparkle(330, 240, 26, c.accent)),
];
const bookReader: Scene = (c) => [
  sky(c, 545),
  ink(at(600, 600, child({ skin: c.skin, cloth: c.accent, hair: '#2a1f1b', armR: 'M40 -190L66 -118' })) +
    path('M480 330L600 352L720 330V450L600 472L480 450Z', C.white) + line('M600 352V472', INK, 6) + path('M470 330V455L600 480L730 455V330', 'none', ` stroke="${C.red}" stroke-width="12"`) +
    ['M330 180h120v70h-90l-30 24Z', 'M770 160h120v70h-30v24l-30 -24h-60Z', 'M300 330h100v60h-70l-30 20Z', 'M830 320h110v60h-80l-30 20Z'].map((d, i) => path(d, [C.yellow, C.tealL, C.pink, '#d2c4f2'][i])).join('')),
];

const SCENES: Readonly<Record<string, readonly [Scene, Scene, Scene]>> = {
  cancer: [cancerRoom, cancerRibbon, cancerDrip],
  transplant: [transplantHands, transplantOrgans, transplantHospital],
  accident: [accidentRoad, accidentKit, accidentWard],
  heart: [heartScope, heartBaby, heartMonitor],
  nicu: [nicuIncubator, nicuFeet, nicuBottle],
  medicines: [medicinesBottle, medicinesCalendar, medicinesBlister],
  'rare-disease': [rareBalloon, rareHelix, rareTogether],
  'other-medical': [otherHospital, otherBag, otherClipboard],
  memorial: [memorialCandle, memorialLibrary, memorialPortrait],
  'personal-education': [eduCap, eduEngineering, eduLaptop],
  'disaster-relief': [floodHouse, floodRebuild, floodBoat],
  children: [childrenSchool, childrenBag, childrenBus],
  animals: [animalsFriends, animalsRescued, animalsPaw],
  elderly: [elderlyHome, elderlyThings, elderlyRocking],
  'food-hunger': [foodBowl, foodThali, foodPot],
  'women-girls': [womenSewing, womenLaptop, womenTailor],
  environment: [envLake, envSapling, envGlobe],
  documentary: [filmCamera, filmClapper, filmPotter],
  music: [musicFolk, musicTabla, musicMic],
  book: [bookOpen, bookShelf, bookReader],
};

/** distinct looks per cause and scene; ids beyond repeat them */
export const DEMO_ART_VARIANTS = 16;

const SCENE_OF_KIND: Readonly<Record<string, number>> = { leaderboard: 0, theater: 0, widget: 0, 'gallery-1': 1, 'gallery-2': 2 };

/** Small deterministic generator (mulberry32): the same fundraiser always gets the same picture. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function contextFor(slug: string, variant: number, kind: string): Ctx {
  const pick = Math.imul(variant + 1, 0x9e3779b1) >>> 0;
  return {
    id: `da-${slug}-${variant}-${kind}-`,
    look: LOOKS[variant % LOOKS.length],
    rnd: seeded(pick ^ (SCENE_OF_KIND[kind] * 0x85ebca6b)),
    skin: SKINS[(pick >>> 4) % SKINS.length],
    accent: ACCENTS[(pick >>> 9) % ACCENTS.length],
  };
}

/**
 * The picture of a seeded fundraiser of this cause: leaderboard/theater/widget show the cause's main scene,
 * gallery-1 and gallery-2 two other scenes. variant (the fundraiser id) varies colours, sky, decoration and mirroring.
 * null for an unknown cause or kind, or a variant that is not a non-negative integer.
 */
export function causeArt(slug: string, fundraiserId: number, kind: string): string | null {
  if (!DEMO_ART_CAUSES.includes(slug) || !Object.hasOwn(SCENE_OF_KIND, kind) || !Number.isInteger(fundraiserId) || fundraiserId < 0) return null;
  // a few looks per cause, not one per id: the rasters kept on disk stay few whatever ids are asked for
  const variant = fundraiserId % DEMO_ART_VARIANTS;
  const [w, h] = kind === 'widget' ? [600, 338] : [1200, 675];
  const c = contextFor(slug, variant, kind);
  const [background, subject] = SCENES[slug][SCENE_OF_KIND[kind]](c);
  // every other group of four ids is drawn mirrored: same subject, a different composition
  const mirrored = Math.floor(variant / LOOKS.length) % 2 === 1;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 1200 675" preserveAspectRatio="xMidYMid slice" role="img">` +
    background + (mirrored ? `<g transform="matrix(-1 0 0 1 1200 0)">${subject}</g>` : subject) + '</svg>';
}

/** The demo drawing behind a stored image path (a cause picture, or one of databases seeded before them); null for any other. */
export function demoDrawingOf(imagePath: string): string | null {
  const image = parseDemoImage(imagePath);
  if (image) return causeArt(image.art, image.id, image.kind);
  const legacy = /^\/media\/demo\/(\d+)\/([\w-]+)\.svg$/.exec(imagePath);
  return legacy ? demoArt(Number(legacy[1]), legacy[2]) : null;
}
