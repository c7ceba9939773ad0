import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { getDb } from '@/lib/db/client';
import { findOrders } from '@/lib/desk/orders';
import { DeskSearchSchema } from '@/lib/validation/desk';
import { formatMoney } from '@/lib/money';
import { formatDateTime } from '@/lib/portfolio/format';
import { deskOrderPath, firstParam } from '@/lib/routes';
import { staffForPage } from '@/components/desk/staff-page';
import { DeskNav } from '@/components/desk/DeskNav';
import '@/components/desk/desk.css';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ site: string; locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'Desk' });
  return { title: t('orders.title'), robots: { index: false, follow: false } };
}

// the desk's front: find a gift by order id, gateway payment id, email or phone (a GET form: the search is in the address)
export default async function DeskPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const staff = await staffForPage('orders.search');
  const parsed = DeskSearchSchema.safeParse({ q: firstParam((await searchParams).q) });
  const q = parsed.success ? parsed.data.q : '';
  const [hits, t] = await Promise.all([q ? findOrders(await getDb(), q) : Promise.resolve(null), getTranslations('Desk')]);

  return (
    <div className="container section desk-page">
      <DeskNav roles={staff.staffRoles} current="orders" />
      <h1>{t('orders.title')}</h1>
      <form className="desk-search" role="search" method="get">
        <div className="field">
          <label htmlFor="desk-q">{t('orders.searchLabel')}</label>
          <input id="desk-q" name="q" type="search" defaultValue={q} autoComplete="off" spellCheck={false} aria-describedby="desk-q-help" dir="auto" />
          <p id="desk-q-help" className="field-hint">
            {t('orders.searchHint')}
          </p>
        </div>
        <button type="submit" className="btn btn-primary">
          {t('orders.search')}
        </button>
      </form>
      {hits && (
        <section aria-labelledby="desk-results">
          <h2 id="desk-results" className="desk-subhead">
            {t('orders.results', { count: hits.length })}
          </h2>
          {hits.length > 0 && (
            <ul className="desk-hits" data-testid="desk-hits">
              {hits.map((h) => (
                <li key={h.orderId} className="desk-card" data-testid="desk-hit">
                  <Link href={deskOrderPath(h.orderId)} className="desk-hit-link">
                    <bdi dir="ltr">{h.orderId}</bdi>
                  </Link>
                  <span className={`desk-status desk-status-${h.status}`}>{t(`status.${h.status}`)}</span>
                  <p className="desk-hit-facts">
                    <strong>{formatMoney(h.amountMinor, h.currency, locale, { exact: true })}</strong> · <bdi>{h.donorName ?? '—'}</bdi> · <bdi dir="ltr">{h.donorEmail ?? '—'}</bdi>
                  </p>
                  <p className="desk-hit-facts muted">
                    {h.fundraiserTitle ? <bdi>{h.fundraiserTitle}</bdi> : t(`kind.${h.kind}`)} · <time dateTime={h.createdAt.toISOString()}>{formatDateTime(h.createdAt, locale)}</time>
                  </p>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </div>
  );
}
