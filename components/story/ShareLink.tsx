'use client';
// A share link that also counts the click for the campaigner's dashboard (spec 7 actions/collect, event share_click).
import type { ReactNode } from 'react';
import { SHARE_EVENT } from '@/lib/constants';

export function recordShare(fundraiserId: number, channel: string): void {
  const body = JSON.stringify({ event_name: SHARE_EVENT, event_type: 'fundraiser', event_type_id: String(fundraiserId), info_2: channel, page_name: 'story' });
  // a beacon outlives the page the visitor is leaving for WhatsApp
  if (!navigator.sendBeacon?.('/api/actions/collect', new Blob([body], { type: 'application/json' }))) {
    void fetch('/api/actions/collect', { method: 'POST', body, headers: { 'Content-Type': 'application/json' }, keepalive: true }).catch(() => {});
  }
}

export function ShareLink({ href, fundraiserId, channel, testId, children }: { href: string; fundraiserId: number; channel: string; testId: string; children: ReactNode }) {
  return (
    <a className="share-item" href={href} target="_blank" rel="noopener noreferrer" data-testid={testId} onClick={() => recordShare(fundraiserId, channel)}>
      {children}
    </a>
  );
}
