// The all-fundraisers grid with its search form, cause filter and keyset "show more" link.
import { getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { FundraiserCard } from '@/components/fundraiser/FundraiserCard';
import { cachedCauses, cachedFundraiserList } from '@/lib/cache/queries';
import { causeName } from '@/lib/i18n/stored-values';

interface Props {
  locale: string;
  cause?: number;
  cursor?: string;
  q?: string;
}

export async function AllFundraisers({ locale, cause, cursor, q }: Props) {
  const [t, tCauses] = await Promise.all([getTranslations('Listing'), getTranslations('Causes')]);
  const now = new Date();
  const [result, causes] = await Promise.all([cachedFundraiserList({ cursor, cause, q, status: 'active' }), cachedCauses()]);
  const filters = { ...(cause ? { cause } : {}), ...(q ? { q } : {}) };
  return (
    <div className="container section">
      <h1>{t('allTitle')}</h1>
      <form className="listing-filters" role="search" action="" method="get">
        <div className="field">
          <label htmlFor="listing-q">{t('search')}</label>
          <input id="listing-q" name="q" type="search" defaultValue={q ?? ''} placeholder={t('searchPlaceholder')} maxLength={100} />
        </div>
        <div className="field">
          <label htmlFor="listing-cause">{t('cause')}</label>
          <select id="listing-cause" name="cause" defaultValue={cause ? String(cause) : ''}>
            <option value="">{t('allCauses')}</option>
            {causes.map((c) => (
              <option key={c.id} value={c.id}>
                {causeName(tCauses, c)}
              </option>
            ))}
          </select>
        </div>
        <button className="btn btn-primary" type="submit">
          {t('apply')}
        </button>
      </form>
      <p className="muted" role="status" data-testid="results-count">
        {result.total_capped ? t('resultsMore', { count: result.total }) : t('results', { count: result.total })}
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
