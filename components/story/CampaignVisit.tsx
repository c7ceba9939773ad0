'use client';
// Records one campaign visit per page view (spec 7 /actions/collect, the title cut to 20 characters as spec 9 says; the
// server cuts it again), and a public story's visit in this browser's recently visited campaigns (spec 9).
import { useEffect } from 'react';
import { TRACKING_TITLE_LENGTH, VISIT_EVENT } from '@/lib/constants/story';
import { rememberVisit } from '@/components/fundraiser/recently-visited-store';
import { collectEvent } from './collect-event';

interface Props {
  fundraiserId: number;
  title: string;
  /** given for a public story: the browser keeps it among the campaigns it visited */
  remember?: { customTag: string; image: string };
}

export function CampaignVisit({ fundraiserId, title, remember }: Props) {
  const customTag = remember?.customTag;
  const image = remember?.image;
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
      // spec 9, as lib/validation/story.ts trackingTitle cuts it (not imported: that module brings zod to every story page)
      info_1: title.slice(0, TRACKING_TITLE_LENGTH),
      referrer_page: document.referrer.slice(0, 500) || null,
      device: window.matchMedia('(max-width: 767px)').matches ? 'mobile' : 'desktop',
      utm,
    });
    if (customTag && image) rememberVisit({ id: fundraiserId, custom_tag: customTag, title, image });
  }, [fundraiserId, title, customTag, image]);
  return null;
}
