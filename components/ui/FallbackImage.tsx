'use client';
// spec 2: the default image also replaces one that fails to load
import { useState } from 'react';
import { responsiveSrcSet } from '@/lib/media/demo-images';

interface Props extends Omit<React.ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'onError'> {
  src: string;
  fallbackSrc: string;
  width: number;
  height: number;
  alt: string;
  /** how wide the picture is shown (the sizes attribute): phones then download the width they need */
  sizes?: string;
}

export function FallbackImage({ src, fallbackSrc, alt, sizes, ...rest }: Props) {
  const [failed, setFailed] = useState(false);
  const srcSet = failed ? undefined : responsiveSrcSet(src);
  return (
    // eslint-disable-next-line @next/next/no-img-element -- generated pictures and partner CDNs; width and height are always set
    <img {...rest} alt={alt} src={failed ? fallbackSrc : src} srcSet={srcSet} sizes={srcSet ? sizes : undefined} onError={() => setFailed(true)} data-fallback={failed ? 'true' : undefined} />
  );
}
