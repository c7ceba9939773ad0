import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { InfoPage, infoPageTitle } from '@/components/layout/InfoPage';
import { ContactForm } from '@/components/forms/ContactForm';

type Props = { params: Promise<{ site: string; locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: await infoPageTitle((await params).locale, 'contact') };
}

export default async function ContactPage({ params }: Props) {
  const { site, locale } = await params;
  const t = await getTranslations({ locale, namespace: 'Contact' });
  return (
    <InfoPage site={site} locale={locale} page="contact">
      <h2>{t('formTitle')}</h2>
      <ContactForm labels={{ name: t('name'), email: t('email'), phone: t('phone'), about: t('about'), submit: t('submit'), sending: t('sending'), sent: t('sent'), failed: t('failed') }} />
    </InfoPage>
  );
}
