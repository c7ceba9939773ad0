// A titled row of fundraiser cards for the home page (trending, urgent, success stories).
import { Link } from '@/i18n/navigation';
import { FundraiserCard } from './FundraiserCard';
import type { FundraiserSummary } from '@/lib/fundraisers/queries';

interface Props {
  id: string;
  title: string;
  fundraisers: FundraiserSummary[];
  locale: string;
  now: Date;
  viewAll?: { href: string; label: string };
  empty?: string;
  priorityFirst?: boolean;
}

export function FundraiserSection({ id, title, fundraisers, locale, now, viewAll, empty, priorityFirst }: Props) {
  if (fundraisers.length === 0 && !empty) return null;
  return (
    <section className="section container" aria-labelledby={`${id}-heading`} data-testid={`section-${id}`}>
      <div className="section-head">
        <h2 id={`${id}-heading`}>{title}</h2>
        {viewAll && <Link href={viewAll.href}>{viewAll.label}</Link>}
      </div>
      {fundraisers.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <ul className="card-grid">
          {fundraisers.map((f, i) => (
            <li key={f.id}>
              <FundraiserCard fundraiser={f} locale={locale} now={now} priority={priorityFirst && i === 0} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
