'use client';
// A component in its own chunk, loaded when first shown: React's own lazy and Suspense. next/dynamic does the same
// with a loader of its own (about 1.5 kB gzip on every page that uses it); browserOnly is its ssr: false.
import { Suspense, lazy, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';

const noSubscription = () => () => {};

/** false while the server renders and the page hydrates, true after: what must never run on the server waits for it */
export const useInBrowser = () => useSyncExternalStore(noSubscription, () => true, () => false);

export function lazyComponent<P extends object>(load: () => Promise<{ default: ComponentType<P> }>, o: { browserOnly?: boolean; fallback?: ReactNode } = {}): ComponentType<P> {
  const Loaded = lazy(load) as unknown as ComponentType<P>;
  function LazyComponent(props: P) {
    const inBrowser = useInBrowser();
    if (o.browserOnly && !inBrowser) return o.fallback ?? null;
    return (
      <Suspense fallback={o.fallback ?? null}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  return LazyComponent;
}
