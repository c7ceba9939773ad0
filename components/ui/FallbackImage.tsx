'use client';
// spec 2: the default image also replaces one that fails to load
import { useState } from 'react';

interface Props extends Omit<React.ImgHTMLAttributes<HTMLImageElement>, 'src' | 'onError'> {
  src: string;
  fallbackSrc: string;
  width: number;
  height: number;
  alt: string;
}

export function FallbackImage({ src, fallbackSrc, alt, ...rest }: Props) {
  const [failed, setFailed] = useState(false);
  return (
    // eslint-disable-next-line @next/next/no-img-element -- generated SVGs and partner CDNs; width and height are always set
    <img {...rest} alt={alt} src={failed ? fallbackSrc : src} onError={() => setFailed(true)} data-fallback={failed ? 'true' : undefined} />
  );
}
