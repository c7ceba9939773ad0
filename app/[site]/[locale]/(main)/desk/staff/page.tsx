import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { getDb } from '@/lib/db/client';
import { listStaff } from '@/lib/desk/staff';
import { staffForPage } from '@/components/desk/staff-page';
import { DeskNav } from '@/components/desk/DeskNav';
import { DeskWords } from '@/components/desk/DeskWords';
import { StaffManager } from '@/components/desk/StaffManager';
import '@/components/desk/desk.css';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ site: string; locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'Desk' });
  return { title: t('staff.title'), robots: { index: false, follow: false } };
}

// admins give and take staff roles; each change is audited
export default async function DeskStaffPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const staff = await staffForPage('staff.manage');
  const [people, t] = await Promise.all([listStaff(await getDb()), getTranslations('Desk')]);
  return (
    <div className="container section desk-page">
      <DeskNav roles={staff.staffRoles} current="staff" />
      <h1>{t('staff.title')}</h1>
      <p className="muted">{t('staff.intro')}</p>
      <DeskWords>
        <StaffManager people={people} self={staff.id} />
      </DeskWords>
    </div>
  );
}
