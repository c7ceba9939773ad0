import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { wizardPath } from '@/lib/fundraisers/wizard';
import '@/components/wizard/wizard.css';

type Props = { params: Promise<{ site: string; locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'Wizard' });
  return { title: t('startTitle'), description: t('startText') };
}

// spec 2: new/saf, the short "start a fundraiser" entry: one question, then the wizard of that kind
export default async function StartAFundraiserPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('Wizard');
  const choices = [
    { href: `${wizardPath({ kind: 'medical', advanced: false })}/form?step=cause`, group: 'medical' },
    { href: `${wizardPath({ kind: 'non-medical', advanced: false })}/form?step=cause`, group: 'personal' },
    { href: `${wizardPath({ kind: 'any', advanced: false })}/form?step=cause`, group: 'ngo' },
  ] as const;
  return (
    <div className="container section wizard-page">
      <div className="wizard">
        <h1>{t('startTitle')}</h1>
        <p className="muted wizard-lead">{t('startText')}</p>
        <ul className="saf-choices">
          {choices.map((c) => (
            <li key={c.group}>
              <Link className="choice" href={c.href}>
                <span>
                  <strong>{t(`groups.${c.group}.title`)}</strong>
                  <span className="muted">{t(`groups.${c.group}.text`)}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
