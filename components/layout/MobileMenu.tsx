'use client';
// the phone menu closes after a tap on one of its links (the header stays mounted across client-side
// navigation, so an open <details> would cover the next page), on a new page, and on Escape.
import { useEffect, useRef, type ReactNode } from 'react';
import { usePathname } from 'next/navigation';

export function MobileMenu({ label, icon, children }: { label: string; icon: ReactNode; children: ReactNode }) {
  const menu = useRef<HTMLDetailsElement>(null);
  const pathname = usePathname();
  const close = () => {
    if (menu.current) menu.current.open = false;
  };
  useEffect(close, [pathname]);
  return (
    <details
      ref={menu}
      className="mobile-menu"
      onClick={(e) => {
        if ((e.target as HTMLElement).closest('a')) close();
      }}
      onKeyDown={(e) => {
        if (e.key !== 'Escape' || !menu.current?.open) return;
        close();
        menu.current.querySelector('summary')?.focus();
      }}
    >
      <summary aria-label={label}>{icon}</summary>
      {children}
    </details>
  );
}
