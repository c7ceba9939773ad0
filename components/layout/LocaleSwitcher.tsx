'use client';
// Keeps the current page when switching language; the cookie makes the choice stick (middleware reads it).
import { usePathname } from 'next/navigation';
import { LOCALES, localizedPath } from '@/lib/i18n/locales';
import { splitLocalePrefix } from '@/lib/routes';

const NAMES: Record<string, string> = { en: 'English', hi: 'हिन्दी', ta: 'தமிழ்', te: 'తెలుగు', ar: 'العربية', ur: 'اردو' };

export function LocaleSwitcher({ current, label }: { current: string; label: string }) {
  const pathname = usePathname() ?? '/';
  const { rest } = splitLocalePrefix(pathname, LOCALES);
  return (
    <nav aria-label={label}>
      <ul className="locale-switcher">
        {LOCALES.map((locale) => (
          <li key={locale}>
            <a
              href={localizedPath(locale, rest)}
              hrefLang={locale}
              lang={locale}
              aria-current={locale === current ? 'true' : undefined}
              onClick={() => {
                document.cookie = `NEXT_LOCALE=${locale}; path=/; max-age=31536000; samesite=lax`;
              }}
            >
              {NAMES[locale]}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
