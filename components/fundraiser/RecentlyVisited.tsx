'use client';
// spec 9: the campaigns this browser visited most recently, on the home page. The server renders nothing (it cannot
// know), and the row sits below the page's other sections, so appearing after load moves nothing in view.
import { useSyncExternalStore } from 'react';
import { Link } from '@/i18n/navigation';
import { FallbackImage } from '@/components/ui/FallbackImage';
import { DEFAULT_FUNDRAISER_IMAGE } from '@/lib/fundraisers/rules';
import { responsiveSrcSet } from '@/lib/media/demo-images';
import { storyPath } from '@/lib/routes';
import { noVisitsOnServer, recentlyVisited, subscribeToRecentlyVisited } from './recently-visited-store';

export function RecentlyVisited({ heading }: { heading: string }) {
  const campaigns = useSyncExternalStore(subscribeToRecentlyVisited, recentlyVisited, noVisitsOnServer);
  if (campaigns.length === 0) return null;
  return (
    <section className="section container" aria-labelledby="recently-visited-heading" data-testid="section-recently-visited">
      <div className="section-head">
        <h2 id="recently-visited-heading">{heading}</h2>
      </div>
      <ul className="card-grid">
        {campaigns.map((c) => (
          <li key={c.id}>
            {/* the fundraiser card's look; only what the browser kept of the visit (no totals, which would be stale) */}
            <article className="fr-card" data-testid="visited-card">
              <div className="media">
                <FallbackImage
                  src={c.image}
                  srcSet={responsiveSrcSet(c.image)}
                  fallbackSrc={DEFAULT_FUNDRAISER_IMAGE}
                  alt=""
                  width={1200}
                  height={675}
                  sizes="(min-width: 960px) 380px, (min-width: 600px) 50vw, 100vw"
                  loading="lazy"
                  decoding="async"
                />
              </div>
              <div className="body">
                <h3>
                  <Link href={storyPath(c.custom_tag)}>
                    <bdi>{c.title}</bdi>
                  </Link>
                </h3>
              </div>
            </article>
          </li>
        ))}
      </ul>
    </section>
  );
}
