import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { FundraiserCard } from '@/components/fundraiser/FundraiserCard';
import { cachedFundraiserList } from '@/lib/cache/queries';
import { FundraiserListQuerySchema } from '@/lib/validation/fundraisers';

// filters and the cursor arrive in the query string, so this page renders per request (its data is cached)
export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ site: string; locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'Listing' });
  return { title: t('allTitle') };
}

export default async function AllFundraisersPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('Listing');
  const sp = await searchParams;
  const parsed = FundraiserListQuerySchema.safeParse({ cursor: sp.cursor, cause: sp.cause });
  const query = parsed.success ? parsed.data : FundraiserListQuerySchema.parse({});
  const now = new Date();
  const result = await cachedFundraiserList({ ...query, status: 'active' });
  return (
    <div className="container section">
      <h1>{t('allTitle')}</h1>
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
          <Link className="btn btn-secondary" href={{ pathname: '/all-fundraisers', query: { ...(query.cause ? { cause: query.cause } : {}), cursor: result.next_cursor } }} rel="next">
            {t('more')}
          </Link>
        </p>
      )}
    </div>
  );
}
