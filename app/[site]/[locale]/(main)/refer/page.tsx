import type { Metadata } from 'next';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import { getBrand } from '@/components/layout/request-context';
import { siteSettings } from '@/lib/site';
import { ReferralForm } from '@/components/leads/ReferralForm';
import '@/components/leads/leads.css';

type Props = { params: Promise<{ site: string; locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'LeadForms.refer' });
  return { title: t('title'), description: t('description') };
}

// spec 2, 5, 9: the referral form, with why it helps; the utm fields of the address go with the referral
export default async function ReferPage({ params }: Props) {
  const { site, locale } = await params;
  setRequestLocale(locale);
  const [t, messages, brand] = await Promise.all([getTranslations('LeadForms.refer'), getMessages(), getBrand(site)]);
  const why = [t('why1'), t('why2', { percent: siteSettings().platformFeePercent }), t('why3')];
  return (
    <div className="container section refer-page">
      <div className="refer-intro">
        <h1>{t('title')}</h1>
        <p>{t('intro', { brand: brand.name })}</p>
        <h2>{t('whyTitle')}</h2>
        <ul className="refer-why">
          {why.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </div>
      <section className="panel refer-form" aria-labelledby="refer-form-title">
        <h2 id="refer-form-title">{t('formTitle')}</h2>
        <NextIntlClientProvider messages={{ LeadForms: messages.LeadForms }}>
          <ReferralForm />
        </NextIntlClientProvider>
      </section>
    </div>
  );
}
