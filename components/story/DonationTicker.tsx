'use client';
// spec 4: recent donors pop up at fixed moments after load (mobile and desktop timings differ).
import { useEffect, useState } from 'react';
import { tickerSchedule } from '@/lib/story/ticker';
import { formatMoney } from '@/lib/money';

interface Donor {
  id: number;
  name: string;
  amount_minor: number;
  currency: string;
}

interface Props {
  fundraiserId: number;
  currency: string;
  locale: string;
  /** already formatted on the server: 'and N others gave recently' (reduceDonorsBy applied) */
  othersText: string;
  donatedTemplate: string; // '{name} donated {amount}'
  someone: string;
}

/** GET third_party/iplocation: the visitor's country and its currency */
interface VisitorLocation {
  country_code: string;
  currency: string;
}

const MOBILE_QUERY = '(max-width: 767px)';

export function DonationTicker({ fundraiserId, currency, locale, othersText, donatedTemplate, someone }: Props) {
  const [shown, setShown] = useState<Donor | null>(null);
  useEffect(() => {
    const isMobile = window.matchMedia(MOBILE_QUERY).matches;
    const timers: ReturnType<typeof setTimeout>[] = [];
    const started = performance.now();
    const controller = new AbortController();
    // spec 7: the ticker asks with the visitor's country_code, so a donor abroad reads each gift in their own currency
    // (the page itself is cached for everyone: the country is the visitor's own call); no answer, the fundraiser's currency
    fetch('/api/third_party/iplocation', { signal: controller.signal })
      .then((r) => (r.ok ? r.json() : { data: null }))
      .catch((e: unknown) => {
        if (controller.signal.aborted) throw e;
        return { data: null };
      })
      .then((location: { data: VisitorLocation | null }) => {
        // spec 8: a visitor whose country cannot be told is in Mumbai, India (the answer says so)
        const visitor = location.data;
        const params = new URLSearchParams({ with: 'donoravtar', currency: visitor?.currency ?? currency, orderBy: 'id', sortedBy: 'Desc', conversion: '1', limit: '4' });
        if (visitor) params.set('country_code', visitor.country_code);
        return fetch(`/api/fundraisers/${fundraiserId}/donors?${params}`, { signal: controller.signal });
      })
      .then((r) => (r.ok ? r.json() : { data: [] }))
      .then((body: { data: Donor[] }) => {
        const elapsed = performance.now() - started;
        for (const slot of tickerSchedule(isMobile, body.data.length)) {
          const donor = body.data[slot.donorIndex];
          timers.push(setTimeout(() => setShown(donor), Math.max(0, slot.showAtMs - elapsed)));
          timers.push(setTimeout(() => setShown((d) => (d === donor ? null : d)), Math.max(0, slot.hideAtMs - elapsed)));
        }
      })
      .catch(() => {
        // the ticker is a nicety: no donors, no ticker
      });
    return () => {
      controller.abort();
      timers.forEach(clearTimeout);
    };
  }, [fundraiserId, currency]);

  return (
    <div className="ticker" role="status" aria-live="polite" data-testid="donation-ticker" data-visible={shown ? 'true' : 'false'}>
      {shown && (
        <p>
          <strong>{donatedTemplate.replace('{name}', shown.name || someone).replace('{amount}', formatMoney(shown.amount_minor, shown.currency, locale, { exact: true }))}</strong>
          {othersText && <span> {othersText}</span>}
        </p>
      )}
    </div>
  );
}
