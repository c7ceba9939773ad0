'use client';
// spec 2: the default image also replaces one that fails to load
import { useEffect, useRef, useState } from 'react';

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
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    // a server-rendered picture can fail before React listens (its error event then never reaches onError): a
    // finished load with no pixels is that failure
    const img = ref.current;
    if (img && img.complete && img.naturalWidth === 0 && img.currentSrc) setFailed(true);
  }, []);
  return (
    // eslint-disable-next-line @next/next/no-img-element -- generated pictures and partner CDNs; width and height are always set
    <img
      ref={ref}
      {...rest}
      alt={alt}
      src={failed ? fallbackSrc : src}
      srcSet={failed ? undefined : srcSet}
      sizes={failed || !srcSet ? undefined : sizes}
      onError={() => setFailed(true)}
      data-fallback={failed ? 'true' : undefined}
    />
  );
}
