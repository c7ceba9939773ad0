'use client';
// The wizard moves into its steps by pushState (…/form?step=…) without a new page: what belongs to the first screen
// only leaves with it.
import type { ReactNode } from 'react';
import { usePathname } from 'next/navigation';

export function OnStartScreen({ children }: { children: ReactNode }) {
  const pathname = usePathname();
  return pathname?.endsWith('/form') ? null : children;
}
