import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { getDb } from '@/lib/db/client';
import { ordersOf, subscriptionsOf, summaryOf } from '@/lib/portfolio/queries';
import { walletBalances } from '@/lib/payments/wallet';
import { formatCount, formatMoney } from '@/lib/money';
import { localePrefix } from '@/lib/i18n/locales';
import { causeName } from '@/lib/i18n/stored-values';
import { USER_ORDERS_PAGE_SIZE } from '@/lib/constants/portfolio';
import { SIP_PAGE_PATH } from '@/lib/routes';
import { requireCurrentUser } from '@/components/auth/current-user';
import { TransactionList, type TransactionLabels } from '@/components/portfolio/TransactionList';
import { SubscriptionList } from '@/components/portfolio/SubscriptionList';
import '@/components/portfolio/portfolio.css';

// per user: rendered on every request from the session cookie, never cached
export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ site: string; locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'Portfolio' });
  return { title: t('title'), robots: { index: false, follow: false } };
}

// spec 7 Portfolio: what the donor gave (summary), each transaction with its receipt, and their SIPs
export default async function PortfolioPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const user = await requireCurrentUser(locale, '/portfolio');
  const db = await getDb();
  const [summary, firstPage, subscriptions, credit, t, tCauses] = await Promise.all([
    summaryOf(db, user.id),
    ordersOf(db, user.id, { page: 1, limit: USER_ORDERS_PAGE_SIZE, sortedBy: 'desc' }),
    subscriptionsOf(db, user.id),
    walletBalances(db, user.id),
    getTranslations('Portfolio'),
    getTranslations('Causes'),
  ]);
  const ta = await getTranslations('AnonymousGift');
  const labels: TransactionLabels = {
    heading: t('transactionsHeading'),
    empty: t('noTransactions'),
    showMore: t('showMore'),
    loadFailed: t('loadFailed'),
    viewReceipt: t('viewReceipt'),
    receiptFor: t.raw('receiptFor') as string,
    monthly: t('monthly'),
    statusSuccess: t('statusSuccess'),
    statusPending: t('statusPending'),
    statusFailed: t('statusFailed'),
    statusRefunded: t('statusRefunded'),
    statusCreated: t('statusCreated'),
    refundedPart: t.raw('refundedPart') as string,
  };
  const otherCurrencies = summary.totals.filter((c) => c.currency !== 'INR');
  return (
    <div className="container section portfolio-page">
      <header>
        <h1>{t('title')}</h1>
        <p className="muted">{t('greeting', { name: user.full_name })}</p>
        <ul className="page-links">
          <li>
            <Link href="/profile">{t('editProfile')}</Link>
          </li>
          <li>
            <Link href={SIP_PAGE_PATH}>{t('manageSip')}</Link>
          </li>
          <li>
            <Link href="/manage/list">{t('myFundraisers')}</Link>
          </li>
        </ul>
      </header>

      <section aria-labelledby="summary-heading" className="portfolio-summary">
        <h2 id="summary-heading">{t('summaryHeading')}</h2>
        <dl className="summary-figures" data-testid="portfolio-summary">
          <div>
            <dt>{t('totalGiven')}</dt>
            <dd data-testid="total-given">{formatMoney(summary.total_inr_minor, 'INR', locale)}</dd>
          </div>
          <div>
            <dt>{t('donations')}</dt>
            <dd data-testid="donation-count">{formatCount(summary.donations, locale)}</dd>
          </div>
          <div>
            <dt>{t('causesSupported')}</dt>
            <dd data-testid="causes-supported">{formatCount(summary.causes_supported, locale)}</dd>
          </div>
          {/* spec 9 prizes: credit the donor can give from any payment page (spec 7 redeem amount) */}
          {credit.length > 0 && (
            <div>
              <dt>{t('credit')}</dt>
              <dd data-testid="credit-balance">
                {credit.map((c, i) => (
                  <bdi key={c.currency}>
                    {i > 0 && ' · '}
                    {formatMoney(c.balance_minor, c.currency, locale, { exact: true })}
                  </bdi>
                ))}
              </dd>
              <dd className="figure-note">{t('creditHint')}</dd>
            </div>
          )}
        </dl>
        {otherCurrencies.length > 0 && (
          <>
            <p className="muted hint">{t('inrNote')}</p>
            <ul className="by-currency" aria-label={t('byCurrency')}>
              {summary.totals.map((c) => (
                <li key={c.currency}>{formatMoney(c.amount_minor, c.currency, locale)}</li>
              ))}
            </ul>
          </>
        )}
        {summary.causes.length > 0 && (
          <>
            <h3>{t('causesHeading')}</h3>
            <ul className="chips">
              {summary.causes.map((c) => (
                <li key={c.id} className="chip">
                  {c.parent ? `${causeName(tCauses, c.parent)} · ${causeName(tCauses, c)}` : causeName(tCauses, c)}
                </li>
              ))}
            </ul>
          </>
        )}
      </section>

      <section aria-labelledby="transactions-heading">
        <h2 id="transactions-heading">{t('transactionsHeading')}</h2>
        <TransactionList initial={firstPage.data} hasMore={firstPage.has_more} pageSize={USER_ORDERS_PAGE_SIZE} locale={locale} localePrefix={localePrefix(locale)} labels={labels} anonymousLabels={{ label: ta('label'), hidden: ta('hidden'), shown: ta('shown'), failed: ta('failed') }} />
      </section>

      <section aria-labelledby="sip-heading">
        <h2 id="sip-heading">{t('subscriptionsHeading')}</h2>
        <SubscriptionList subscriptions={subscriptions} locale={locale} />
      </section>
    </div>
  );
}
