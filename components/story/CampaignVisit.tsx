'use client';
// Records one campaign visit per page view (spec 7 /actions/collect); the server cuts the title to 20 characters.
import { useEffect } from 'react';
import { VISIT_EVENT } from '@/lib/constants';
import { collectEvent } from './collect-event';

export function CampaignVisit({ fundraiserId, title }: { fundraiserId: number; title: string }) {
  useEffect(() => {
    const utm: Record<string, string> = {};
    new URLSearchParams(window.location.search).forEach((v, k) => {
      if (k.startsWith('utm_')) utm[k] = v.slice(0, 200);
    });
    collectEvent({
      event_name: VISIT_EVENT,
      event_type: 'fundraiser',
      event_type_id: String(fundraiserId),
      page_name: 'story',
      info_1: title,
      referrer_page: document.referrer.slice(0, 500) || null,
      device: window.matchMedia('(max-width: 767px)').matches ? 'mobile' : 'desktop',
      utm,
    });
  }, [fundraiserId, title]);
  return null;
}
