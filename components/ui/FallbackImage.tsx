'use client';
// spec 2: the default image also replaces one that fails to load
import { useState } from 'react';

interface Props extends Omit<React.ImgHTMLAttributes<HTMLImageElement>, 'src' | 'onError'> {
  src: string;
  fallbackSrc: string;
  width: number;
  height: number;
  alt: string;
  /** the widths the picture comes in (responsiveSrcSet, worked out on the server) and how wide it is shown: phones download the width they need */
  srcSet?: string;
  sizes?: string;
}

export function FallbackImage({ src, fallbackSrc, alt, srcSet, sizes, ...rest }: Props) {
  const [failed, setFailed] = useState(false);
  return (
    // eslint-disable-next-line @next/next/no-img-element -- generated pictures and partner CDNs; width and height are always set
    <img {...rest} alt={alt} src={failed ? fallbackSrc : src} srcSet={failed ? undefined : srcSet} sizes={failed || !srcSet ? undefined : sizes} onError={() => setFailed(true)} data-fallback={failed ? 'true' : undefined} />
  );
}
