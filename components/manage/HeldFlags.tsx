// What the screening found in a campaigner's held words, told to them in their language (server component).
import { getTranslations } from 'next-intl/server';
import type { ScreeningFlag } from '@/lib/content/screening';

export async function HeldFlags({ flags, locale }: { flags: ScreeningFlag[]; locale: string }) {
  if (!flags.length) return null;
  const t = await getTranslations({ locale, namespace: 'Review.flags' });
  return (
    <ul className="held-flags" data-testid="held-flags">
      {flags.map((f, i) => (
        <li key={`${f.kind}-${i}`}>
          <strong>{t(`kinds.${f.kind}`)}</strong> <span className="muted">({t(`fields.${f.field}`)})</span>{' '}
          {/* as written, never a link */}
          <bdi dir="ltr" className="held-flag-found">
            {f.found}
          </bdi>
        </li>
      ))}
    </ul>
  );
}
