'use client';
// Friendly error page in the page's language (the layout hands clients only the Error messages).
import { useEffect } from 'react';
import { useTranslations } from 'next-intl';

export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations('Error');
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <div className="container error-page" role="alert">
      <h1>{t('title')}</h1>
      <p>{t('text')}</p>
      <div className="actions">
        <button type="button" className="btn btn-primary" onClick={reset}>
          {t('retry')}
        </button>
      </div>
    </div>
  );
}
