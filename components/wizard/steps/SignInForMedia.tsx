import { useTranslations } from 'next-intl';

/** The images and documents steps before sign-in: uploads belong to a saved draft. */
export function SignInForMedia({ href }: { href: string }) {
  const t = useTranslations('Wizard');
  return (
    <div className="panel wizard-signin">
      <p>{t('signInForImages')}</p>
      <a className="btn btn-primary btn-block" href={href}>
        {t('signInToContinue')}
      </a>
    </div>
  );
}
