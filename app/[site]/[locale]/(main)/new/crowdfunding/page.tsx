import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ContactForm } from '@/components/forms/ContactForm';
import '@/components/auth/auth.css';

type Props = { params: Promise<{ site: string; locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'Auth' });
  return { title: t('crowdfundingTitle') };
}

// spec 2 and 6: the campaign basic page (signed-in visitors of auth pages land here): a fundraiser starts as a lead our team calls back
export default async function CrowdfundingPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const [t, c] = await Promise.all([getTranslations('Auth'), getTranslations('Contact')]);
  return (
    <div className="container section signin-page">
      <div className="signin-panel panel">
        <h1>{t('crowdfundingTitle')}</h1>
        <p>{t('crowdfundingText')}</p>
        <ContactForm page="crowdfunding" labels={{ name: c('name'), email: c('email'), phone: c('phone'), about: t('crowdfundingAbout'), submit: c('submit'), sending: c('sending'), sent: c('sent'), failed: c('failed') }} />
      </div>
    </div>
  );
}
