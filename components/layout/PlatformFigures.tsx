// spec 1's platform figures (footer and home page), each written in the page's language: '1100 Crs+' in en, '1100 करोड़+' in hi, '11 مليار+' in ar.
import { getTranslations } from 'next-intl/server';
import { PLATFORM_FIGURE_UNIT_SIZE } from '@/lib/constants/site';
import { formatPlatformFigure } from '@/lib/money';
import type { PlatformFigure, SiteSettings } from '@/lib/site';

type FigureName = keyof SiteSettings['figures'];

export async function PlatformFigures({ figures, names, locale, className, testId }: { figures: SiteSettings['figures']; names: readonly FigureName[]; locale: string; className: string; testId?: string }) {
  const t = await getTranslations('Footer');
  // a partner's own words stay as they wrote them
  const text = (f: PlatformFigure) => (typeof f === 'string' ? f : t(`units.${f.unit}`, { value: formatPlatformFigure(f.value, PLATFORM_FIGURE_UNIT_SIZE[f.unit], locale) }));
  return (
    <ul className={className} data-testid={testId}>
      {names.map((name) => (
        <li key={name}>
          {/* bdi: the figure takes its own direction ('1100 Crs+' stays whole inside Arabic text) */}
          <strong>
            <bdi>{text(figures[name])}</bdi>
          </strong>{' '}
          {t(name)}
        </li>
      ))}
    </ul>
  );
}
