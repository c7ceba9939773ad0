import type { Metadata } from 'next';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { getDb } from '@/lib/db/client';
import { firstParam, INSURANCE_PATH } from '@/lib/routes';
import { localePrefix } from '@/lib/i18n/locales';
import { isolate } from '@/lib/i18n/bidi';
import { formatDate } from '@/lib/portfolio/format';
import { insurancePlanById } from '@/lib/insurance/plans';
import { policiesOf } from '@/lib/insurance/policies';
import { currentUser } from '@/components/auth/current-user';
import { PolicyForm } from '@/components/insurance/PolicyForm';
import { planChoices, planName } from '@/components/insurance/plan-labels';
import '@/components/payment/payment.css';
import '@/components/insurance/insurance.css';

// per visitor (a signed-in person sees their own policies): never cached
export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ site: string; locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'Insurance' });
  return { title: t('metaTitle'), robots: { index: false, follow: false } };
}

// the plans of spec 9; a signed-in person picks one, names the insured person and goes on to pay
export default async function InsurancePlansPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  // only a plan the visitor picked on the way here (the thank-you offer) is chosen; otherwise none is
  const asked = firstParam((await searchParams).plan);
  const chosenPlan = asked && insurancePlanById(asked) ? asked : null;
  const [t, messages, user] = await Promise.all([getTranslations('Insurance'), getMessages(), currentUser()]);
  const tr = t as unknown as (key: string, values?: Record<string, string>) => string;
  const policies = user ? await policiesOf(await getDb(), user) : [];
  return (
    <div className="container section insurance-page">
      <h1>{t('title')}</h1>
      <p>{t('intro')}</p>
      <NextIntlClientProvider locale={locale} messages={{ Insurance: messages.Insurance }}>
        <PolicyForm plans={planChoices(tr, locale)} locale={locale} localePrefix={localePrefix(locale)} signedIn={Boolean(user)} chosenPlan={chosenPlan} />
      </NextIntlClientProvider>
      {policies.length > 0 && (
        <section className="policy-section" aria-labelledby="your-policies">
          <h2 id="your-policies">{t('yourPolicies')}</h2>
          <ul className="policy-list">
            {policies.map((p) => (
              <li key={p.id}>
                <Link href={`${INSURANCE_PATH}/${p.id}`}>
                  <bdi>{planName(tr, p)}</bdi>
                </Link>{' '}
                · {t(`status.${p.status}`)}
                {p.insured && (
                  <>
                    {' '}
                    · <bdi>{p.insured.full_name}</bdi>
                  </>
                )}
                {p.covered_until && <> · {t('coveredUntil', { date: isolate(formatDate(p.covered_until, locale)) })}</>}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
