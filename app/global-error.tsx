'use client';
// Last-resort error page: it replaces the root layout, so it brings its own html and words.
import { ERROR_WORDS } from '@/components/layout/error-words';
import { directionOf } from '@/lib/i18n/locales';

export default function GlobalError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const lang = typeof window !== 'undefined' ? window.location.pathname.split('/')[1] : 'en';
  const locale = ERROR_WORDS[lang] ? lang : 'en';
  const words = ERROR_WORDS[locale];
  return (
    <html lang={locale} dir={directionOf(locale)}>
      <body style={{ fontFamily: 'system-ui, sans-serif', textAlign: 'center', padding: '64px 16px' }}>
        <h1>{words.title}</h1>
        <p>{words.text}</p>
        <button type="button" onClick={reset} style={{ minHeight: 44, padding: '10px 20px' }}>
          {words.retry}
        </button>
      </body>
    </html>
  );
}
