'use client';
// spec 2: 1.5 cards per view on mobile, 3 on desktop, arrows only above 3 cards; framed by another
// site, a click hands the story URL to the parent page instead of navigating the frame.
import { Children, useCallback, useEffect, useState } from 'react';
import useEmblaCarousel from 'embla-carousel-react';
import { showArrows, slidesPerView, STORY_MESSAGE_TYPE } from '@/lib/listing/carousel';

interface Props {
  children: React.ReactNode;
  /** isMobile in the query: the mobile layout whatever the screen */
  forceMobile: boolean;
  direction?: 'ltr' | 'rtl';
  labels: { previous: string; next: string; region: string; empty: string };
}

export function FundraiserCarousel({ children, forceMobile, direction = 'ltr', labels }: Props) {
  const slides = Children.toArray(children);
  const [viewportRef, embla] = useEmblaCarousel({ align: 'start', direction, containScroll: 'trimSnaps' });
  const [canPrev, setCanPrev] = useState(false);
  const [canNext, setCanNext] = useState(slides.length > 1);

  useEffect(() => {
    if (!embla) return;
    const update = () => {
      setCanPrev(embla.canScrollPrev());
      setCanNext(embla.canScrollNext());
    };
    update();
    embla.on('select', update).on('reInit', update);
    return () => {
      embla.off('select', update).off('reInit', update);
    };
  }, [embla]);

  // Bubble phase on purpose: embla stops the click that ends a drag in a capture listener on the
  // viewport, so a swipe over a card never reaches this handler (a capture handler would run first).
  const onClick = useCallback((e: React.MouseEvent<HTMLDivElement>) => {
    if (e.defaultPrevented || window.parent === window || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const link = (e.target as HTMLElement).closest<HTMLAnchorElement>('a[data-story-link]');
    if (!link) return;
    e.preventDefault();
    window.parent.postMessage({ type: STORY_MESSAGE_TYPE, url: link.dataset.storyLink }, '*');
  }, []);

  // DESIGN.md motion: no animation when the visitor asks for reduced motion (embla animates in JS,
  // so the global CSS rule does not reach it); jump straight to the next snap instead.
  const jump = () => typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

  if (slides.length === 0) return <p role="status">{labels.empty}</p>;
  const arrows = showArrows(slides.length);
  // the per-view figures come from lib/constants; CSS picks one by screen width unless isMobile forces it
  const perView = { '--per-view-desktop': slidesPerView(forceMobile), '--per-view-mobile': slidesPerView(true) } as React.CSSProperties;
  return (
    <section className="carousel" style={perView} aria-roledescription="carousel" aria-label={labels.region} data-testid="carousel">
      <div className="carousel-viewport" ref={viewportRef} onClick={onClick}>
        <ul className="carousel-track">
          {slides.map((slide, i) => (
            <li className="carousel-slide" key={i} aria-roledescription="slide">
              {slide}
            </li>
          ))}
        </ul>
      </div>
      {arrows && (
        <div className="carousel-arrows">
          <button type="button" className="carousel-arrow" onClick={() => embla?.scrollPrev(jump())} disabled={!canPrev} aria-label={labels.previous}>
            <span aria-hidden="true">‹</span>
          </button>
          <button type="button" className="carousel-arrow" onClick={() => embla?.scrollNext(jump())} disabled={!canNext} aria-label={labels.next}>
            <span aria-hidden="true">›</span>
          </button>
        </div>
      )}
    </section>
  );
}
