// The desk's sections, each shown only to staff whose roles allow it; the current one marked for screen readers.
import { getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { capabilitiesOf } from '@/lib/permissions/staff';
import type { DeskCapability, StaffRole } from '@/lib/constants/desk';
import { DESK_PATHS } from '@/lib/routes';

const SECTIONS: { key: keyof typeof DESK_PATHS; needs: DeskCapability }[] = [
  { key: 'orders', needs: 'orders.search' },
  { key: 'refunds', needs: 'refund.release' },
  { key: 'export', needs: 'finance.export' },
  { key: 'partners', needs: 'partners.manage' },
  { key: 'coupons', needs: 'coupons.manage' },
  { key: 'staff', needs: 'staff.manage' },
  { key: 'audit', needs: 'audit.read' },
];

export async function DeskNav({ roles, current }: { roles: readonly StaffRole[]; current: keyof typeof DESK_PATHS }) {
  const t = await getTranslations('Desk.nav');
  const allowed = capabilitiesOf(roles);
  return (
    <nav className="desk-nav" aria-label={t('label')}>
      <ul>
        {SECTIONS.filter((s) => allowed.has(s.needs)).map((s) => (
          <li key={s.key}>
            <Link href={DESK_PATHS[s.key]} aria-current={s.key === current ? 'page' : undefined}>
              {t(s.key)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
