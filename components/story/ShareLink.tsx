'use client';
// A share link that also counts the click for the campaigner's dashboard (spec 7 actions/collect, event share_click).
import type { ReactNode } from 'react';
import { SHARE_EVENT } from '@/lib/constants/story';
import { collectEvent } from './collect-event';

export function recordShare(fundraiserId: number, channel: string): void {
  collectEvent({ event_name: SHARE_EVENT, event_type: 'fundraiser', event_type_id: String(fundraiserId), info_2: channel, page_name: 'story' });
}

export function ShareLink({ href, fundraiserId, channel, testId, children }: { href: string; fundraiserId: number; channel: string; testId: string; children: ReactNode }) {
  return (
    <a className="share-item" href={href} target="_blank" rel="noopener noreferrer" data-testid={testId} onClick={() => recordShare(fundraiserId, channel)}>
      {children}
    </a>
  );
}
