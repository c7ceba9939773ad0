'use client';
// Visitors' web-vitals to /api/vitals: web-vitals loads after the page is interactive (its observers read buffered entries,
// so nothing is missed), and one beacon leaves when the page is hidden. Renders nothing.
import { useEffect } from 'react';
import { WEB_VITALS_PATH } from '@/lib/constants/observability';

export function WebVitalsBeacon() {
  useEffect(() => {
    const measured = new Map<string, number>();
    const send = () => {
      if (document.visibilityState !== 'hidden' || !measured.size) return;
      const body = JSON.stringify({ path: location.pathname, metrics: [...measured].map(([name, value]) => ({ name, value })) });
      measured.clear();
      navigator.sendBeacon?.(WEB_VITALS_PATH, new Blob([body], { type: 'application/json' }));
    };
    const start = () =>
      void import('web-vitals').then(({ onCLS, onFCP, onINP, onLCP, onTTFB }) => {
        const keep = (m: { name: string; value: number }) => measured.set(m.name, m.value);
        for (const on of [onCLS, onFCP, onINP, onLCP, onTTFB]) on(keep);
      });
    // after hydration's own effects; its own chunk, never part of the page's first-load JS
    const later = window.setTimeout(start);
    document.addEventListener('visibilitychange', send);
    return () => {
      document.removeEventListener('visibilitychange', send);
      window.clearTimeout(later);
    };
  }, []);
  return null;
}
