import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { FundraiserCard } from '@/components/fundraiser/FundraiserCard';
import { cachedCauses, cachedFundraiserList } from '@/lib/cache/queries';
import { FundraiserListQuerySchema } from '@/lib/validation/fundraisers';

// filters and the cursor arrive in the query string, so this page renders per request (its data is cached)
export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ site: string; locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'Listing' });
  return { title: t('allTitle'), alternates: { canonical: '/all-fundraisers' } };
}

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export default async function AllFundraisersPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('Listing');
  const sp = await searchParams;
  const parsed = FundraiserListQuerySchema.safeParse({ cursor: one(sp.cursor), cause: one(sp.cause) || undefined, q: one(sp.q) || undefined });
  const query = parsed.success ? parsed.data : FundraiserListQuerySchema.parse({});
  const now = new Date();
  const [result, causes] = await Promise.all([cachedFundraiserList({ cursor: query.cursor, cause: query.cause, q: query.q, limit: query.limit, status: 'active' }), cachedCauses()]);
  const filters = { ...(query.cause ? { cause: query.cause } : {}), ...(query.q ? { q: query.q } : {}) };
  return (
    <div className="container section">
      <h1>{t('allTitle')}</h1>
      <form className="listing-filters" role="search" action="" method="get">
        <div className="field">
          <label htmlFor="listing-q">{t('search')}</label>
          <input id="listing-q" name="q" type="search" defaultValue={query.q ?? ''} placeholder={t('searchPlaceholder')} maxLength={100} />
        </div>
        <div className="field">
          <label htmlFor="listing-cause">{t('cause')}</label>
          <select id="listing-cause" name="cause" defaultValue={query.cause ? String(query.cause) : ''}>
            <option value="">{t('allCauses')}</option>
            {causes.map((c) => (
              <option key={c.id} value={c.id}>
                {c.info_1}
              </option>
            ))}
          </select>
        </div>
        <button className="btn btn-primary" type="submit">
          {t('apply')}
        </button>
      </form>
      <p className="muted" role="status" data-testid="results-count">
        {t('results', { count: result.total })}
      </p>
      {result.data.length === 0 ? (
        <p>{t('empty')}</p>
      ) : (
        <ul className="card-grid">
          {result.data.map((f, i) => (
            <li key={f.id}>
              <FundraiserCard fundraiser={f} locale={locale} now={now} priority={i === 0} />
            </li>
          ))}
        </ul>
      )}
      {result.next_cursor && (
        <p style={{ textAlign: 'center', marginBlockStart: 24 }}>
          <Link className="btn btn-secondary" href={{ pathname: '/all-fundraisers', query: { ...filters, cursor: result.next_cursor } }} rel="next">
            {t('more')}
          </Link>
        </p>
      )}
    </div>
  );
}
