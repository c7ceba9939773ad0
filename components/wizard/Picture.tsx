import type { DraftMedia } from '@/lib/fundraisers/draft-view';

/** A draft's own upload, shown as stored (already resized by the server) before it is public. */
export function Picture({ alt, ...props }: React.ImgHTMLAttributes<HTMLImageElement> & { alt: string }) {
  // eslint-disable-next-line @next/next/no-img-element -- the draft's uploads are resized variants; width and height are always set
  return <img alt={alt} {...props} />;
}

/** the card-sized variant, else the upload as stored */
export const imageOf = (m: DraftMedia) => m.variants?.card ?? m.path;
