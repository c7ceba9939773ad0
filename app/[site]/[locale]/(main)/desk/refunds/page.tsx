import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { getDb } from '@/lib/db/client';
import { heldRefunds } from '@/lib/desk/refunds';
import { formatMoney } from '@/lib/money';
import { isolate } from '@/lib/i18n/bidi';
import { formatDateTime } from '@/lib/portfolio/format';
import { deskOrderPath } from '@/lib/routes';
import { staffForPage } from '@/components/desk/staff-page';
import { DeskNav } from '@/components/desk/DeskNav';
import { DeskWords } from '@/components/desk/DeskWords';
import { HeldRefundActions } from '@/components/desk/HeldRefundActions';
import '@/components/desk/desk.css';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ site: string; locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'Desk' });
  return { title: t('refunds.title'), robots: { index: false, follow: false } };
}

// refunds held because the fundraiser has already paid that money out: finance releases or cancels each
export default async function DeskRefundsPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const staff = await staffForPage('refund.release');
  const [held, t] = await Promise.all([heldRefunds(await getDb()), getTranslations('Desk')]);
  return (
    <div className="container section desk-page">
      <DeskNav roles={staff.staffRoles} current="refunds" />
      <h1>{t('refunds.title')}</h1>
      <p className="muted">{t('refunds.intro')}</p>
      {held.length === 0 ? (
        <p className="desk-card muted">{t('refunds.empty')}</p>
      ) : (
        <ul className="desk-hits" data-testid="desk-held">
          {held.map((r) => (
            <li key={r.refund_id} className="desk-card">
              <p>
                <strong>{formatMoney(r.amount_minor, r.currency, locale, { exact: true })}</strong> ·{' '}
                <Link href={deskOrderPath(r.order_id)}>
                  <bdi dir="ltr">{r.order_id}</bdi>
                </Link>
              </p>
              <p className="desk-row-note">
                {r.fundraiser_title && <bdi>{r.fundraiser_title}</bdi>}
                {r.raised_minor !== null && r.fundraiser_currency && <> · {t('order.raised', { amount: formatMoney(r.raised_minor, r.fundraiser_currency, locale) })}</>}
              </p>
              <p className="desk-row-note">
                <bdi>{r.reason ?? '—'}</bdi> · {r.requested_by ? t('order.by', { name: isolate(r.requested_by) }) : ''} · {formatDateTime(r.created_at, locale)}
              </p>
              <DeskWords>
                <HeldRefundActions refundId={r.refund_id} />
              </DeskWords>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
