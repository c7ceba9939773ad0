// The demo's pictures as raster paths: /media/demo/{cause art}/{fundraiser id}/{kind}.webp at full size and
// /media/demo/{cause art}/{fundraiser id}/{kind}-{width}w.webp at the widths pages choose from (srcset).
import { IMAGE_WIDTHS } from '../constants/media';

export interface DemoImage {
  art: string;
  id: number;
  kind: string;
  /** null: the picture's own size */
  width: number | null;
}

const KIND_WIDTH: Record<string, number> = { leaderboard: 1200, theater: 1200, widget: 600, 'gallery-1': 1200, 'gallery-2': 1200 };
const DEMO_IMAGE = /^\/media\/demo\/([a-z][a-z-]{1,30})\/(\d{1,10})\/(leaderboard|theater|widget|gallery-[12])(?:-(\d{2,4})w)?\.webp$/;

export const demoImagePath = (art: string, id: number, kind: string, width: number | null = null) =>
  `/media/demo/${art}/${id}/${kind}${width === null ? '' : `-${width}w`}.webp`;

/** The demo picture a path names, at a width pages may ask for; null for any other path. */
export function parseDemoImage(path: string): DemoImage | null {
  const m = DEMO_IMAGE.exec(path);
  if (!m) return null;
  const width = m[4] === undefined ? null : Number(m[4]);
  // only the widths of the srcset: the disk cache holds a few files per picture, whatever anyone asks for
  if (width !== null && !(IMAGE_WIDTHS as readonly number[]).includes(width)) return null;
  if (width !== null && width >= KIND_WIDTH[m[3]]) return null;
  return { art: m[1], id: Number(m[2]), kind: m[3], width };
}

/** srcset for a demo picture (its smaller widths and its own size); undefined for pictures served as they are. */
export function responsiveSrcSet(src: string): string | undefined {
  const image = parseDemoImage(src);
  if (!image || image.width !== null) return undefined;
  const full = KIND_WIDTH[image.kind];
  const smaller = IMAGE_WIDTHS.filter((w) => w < full).map((w) => `${demoImagePath(image.art, image.id, image.kind, w)} ${w}w`);
  return [...smaller, `${src} ${full}w`].join(', ');
}
