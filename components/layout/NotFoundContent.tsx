import { getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';

export async function NotFoundContent() {
  const t = await getTranslations('NotFound');
  return (
    <div className="container not-found">
      <h1>{t('title')}</h1>
      <p>{t('text')}</p>
      <div className="actions">
        <Link className="btn btn-primary" href="/">
          {t('home')}
        </Link>
        <Link className="btn btn-secondary" href="/all-fundraisers">
          {t('browse')}
        </Link>
      </div>
    </div>
  );
}
