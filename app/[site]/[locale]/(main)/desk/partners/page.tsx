import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { getDb } from '@/lib/db/client';
import { listPartners } from '@/lib/desk/partners';
import { staffForPage } from '@/components/desk/staff-page';
import { DeskNav } from '@/components/desk/DeskNav';
import { DeskWords } from '@/components/desk/DeskWords';
import { PartnerForm } from '@/components/desk/PartnerForm';
import '@/components/desk/desk.css';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ site: string; locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'Desk' });
  return { title: t('partners.title'), robots: { index: false, follow: false } };
}

// admins add, change and switch off partner (white-label) domains
export default async function DeskPartnersPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const staff = await staffForPage('partners.manage');
  const [partners, t] = await Promise.all([listPartners(await getDb()), getTranslations('Desk')]);
  return (
    <div className="container section desk-page">
      <DeskNav roles={staff.staffRoles} current="partners" />
      <h1>{t('partners.title')}</h1>
      <p className="muted">{t('partners.intro')}</p>
      <DeskWords>
        <details className="desk-card desk-details">
          <summary>{t('partners.add')}</summary>
          <PartnerForm />
        </details>
        {partners.length === 0 ? (
          <p className="desk-card muted">{t('partners.empty')}</p>
        ) : (
          <ul className="desk-hits" data-testid="desk-partners">
            {partners.map((p) => (
              <li key={p.id} className="desk-card">
                <p>
                  <strong>
                    <bdi>{p.name}</bdi>
                  </strong>{' '}
                  <bdi dir="ltr">{p.host}</bdi> {!p.is_active && <span className="desk-status desk-status-failed">{t('partners.inactive')}</span>}
                </p>
                <details className="desk-details">
                  <summary>{t('partners.edit')}</summary>
                  <PartnerForm partner={p} />
                </details>
              </li>
            ))}
          </ul>
        )}
      </DeskWords>
    </div>
  );
}
