import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { indiaDay } from '@/lib/india-time';
import { staffForPage } from '@/components/desk/staff-page';
import { DeskNav } from '@/components/desk/DeskNav';
import '@/components/desk/desk.css';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ site: string; locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'Desk' });
  return { title: t('export.title'), robots: { index: false, follow: false } };
}

// finance downloads a CSV of a range of India-time days: a plain GET form, so the browser saves the file itself
export default async function DeskExportPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const staff = await staffForPage('finance.export');
  const t = await getTranslations('Desk');
  const today = indiaDay(new Date());
  return (
    <div className="container section desk-page">
      <DeskNav roles={staff.staffRoles} current="export" />
      <h1>{t('export.title')}</h1>
      <p className="muted">{t('export.intro')}</p>
      <form className="desk-form desk-card" method="get" action="/api/desk/finance-export">
        <div className="field">
          <label htmlFor="export-from">{t('export.from')}</label>
          <input id="export-from" name="from" type="date" required defaultValue={`${today.slice(0, 8)}01`} max={today} dir="ltr" />
        </div>
        <div className="field">
          <label htmlFor="export-to">{t('export.to')}</label>
          <input id="export-to" name="to" type="date" required defaultValue={today} max={today} dir="ltr" aria-describedby="export-hint" />
          <p id="export-hint" className="field-hint">
            {t('export.hint')}
          </p>
        </div>
        <button type="submit" className="btn btn-primary">
          {t('export.download')}
        </button>
      </form>
    </div>
  );
}
