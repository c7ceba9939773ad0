import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { getDb } from '@/lib/db/client';
import { listCoupons } from '@/lib/desk/partners';
import { formatMoney, toMajor } from '@/lib/money';
import { staffForPage } from '@/components/desk/staff-page';
import { DeskNav } from '@/components/desk/DeskNav';
import { DeskWords } from '@/components/desk/DeskWords';
import { CouponForm, type CouponValues } from '@/components/desk/CouponForm';
import '@/components/desk/desk.css';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ site: string; locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'Desk' });
  return { title: t('coupons.title'), robots: { index: false, follow: false } };
}

const day = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : '');
const major = (minor: number | null) => (minor === null ? '' : String(toMajor(minor)));
const count = (n: number | null) => (n === null ? '' : String(n));

// admins add sponsors' coupons, change their terms and switch them off
export default async function DeskCouponsPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const staff = await staffForPage('coupons.manage');
  const [list, t] = await Promise.all([listCoupons(await getDb()), getTranslations('Desk')]);
  return (
    <div className="container section desk-page">
      <DeskNav roles={staff.staffRoles} current="coupons" />
      <h1>{t('coupons.title')}</h1>
      <p className="muted">{t('coupons.intro')}</p>
      <DeskWords>
        <details className="desk-card desk-details">
          <summary>{t('coupons.add')}</summary>
          <CouponForm />
        </details>
        {list.length === 0 ? (
          <p className="desk-card muted">{t('coupons.empty')}</p>
        ) : (
          <ul className="desk-hits" data-testid="desk-coupons">
            {list.map((c) => {
              const values: CouponValues = {
                code: c.code,
                sponsor: c.sponsor,
                currency: c.currency,
                amount: major(c.amount_minor),
                share_percent: count(c.share_percent),
                max_match: major(c.max_match_minor),
                budget: major(c.budget_minor),
                max_uses: count(c.max_uses),
                max_uses_per_donor: count(c.max_uses_per_donor),
                max_uses_per_fundraiser: count(c.max_uses_per_fundraiser),
                valid_from: day(c.valid_from),
                valid_until: day(c.valid_until),
                is_active: c.is_active,
              };
              return (
                <li key={c.code} className="desk-card">
                  <p>
                    <strong>
                      <bdi dir="ltr">{c.code}</bdi>
                    </strong>{' '}
                    <bdi>{c.sponsor}</bdi> {!c.is_active && <span className="desk-status desk-status-failed">{t('coupons.inactive')}</span>}
                  </p>
                  <p className="desk-row-note">
                    {t('coupons.uses', { count: c.uses })} · {t('coupons.spent', { amount: formatMoney(c.spent_minor, c.currency, locale, { exact: true }) })}
                  </p>
                  <details className="desk-details">
                    <summary>{t('coupons.edit')}</summary>
                    <CouponForm coupon={values} />
                  </details>
                </li>
              );
            })}
          </ul>
        )}
      </DeskWords>
    </div>
  );
}
