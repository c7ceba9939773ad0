import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import { getDb } from '@/lib/db/client';
import { currentUser } from '@/components/auth/current-user';
import { localizedPath } from '@/lib/i18n/locales';
import { firstParam } from '@/lib/routes';
import { GROUPS_OF, wizardPath, wizardVariant } from '@/lib/fundraisers/wizard';
import { wizardData } from '@/lib/fundraisers/wizard-data';
import { WIZARD_STEPS, type WizardStep } from '@/lib/validation/drafts';
import { Wizard } from '@/components/wizard/Wizard';
import { StartHelpSection } from '@/components/leads/StartHelpSection';
import '@/components/wizard/wizard.css';
import { isRowId } from '@/lib/validation/ids';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ site: string; locale: string; variant?: string[] }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, variant } = await params;
  const t = await getTranslations({ locale, namespace: 'Wizard' });
  // the steps are per visitor; only the starting pages are for search engines
  return { title: t('startTitle'), description: t('startText'), robots: wizardVariant(variant ?? [])?.inSteps ? { index: false, follow: false } : undefined };
}

// spec 2: new/crowdfunding, new/crowdfunding/medical and new/crowdfunding/non-medical, each with /advance and the /form step
export default async function CrowdfundingWizardPage({ params, searchParams }: Props) {
  const { locale, variant: segments } = await params;
  setRequestLocale(locale);
  const variant = wizardVariant(segments ?? []);
  if (!variant) notFound();
  const sp = await searchParams;
  const draftId = Number(firstParam(sp.draft));
  const step = firstParam(sp.step);
  const user = await currentUser();
  const [data, messages, tc] = await Promise.all([wizardData(await getDb(), user, variant, isRowId(draftId) ? draftId : null), getMessages(), getTranslations('Causes')]);
  const label = (c: { slug: string; info_1: string }) => (tc.has(c.slug) ? tc(c.slug) : c.info_1);
  const causes = Object.fromEntries(Object.entries(data.causes).map(([group, list]) => [group, list.map((c) => ({ id: c.id, label: label(c) }))])) as Parameters<typeof Wizard>[0]['causes'];
  return (
    <div className="container section wizard-page">
      <NextIntlClientProvider messages={{ Wizard: messages.Wizard }}>
        <Wizard
          basePath={localizedPath(locale, wizardPath(variant))}
          signInPage={localizedPath(locale, '/new/signin')}
          groups={GROUPS_OF[variant.kind]}
          advanced={variant.advanced}
          inSteps={variant.inSteps}
          requestedStep={(WIZARD_STEPS as readonly string[]).includes(step ?? '') ? (step as WizardStep) : null}
          signedIn={user !== null}
          isFos={data.isFos}
          draft={data.draft}
          drafts={data.drafts}
          causes={causes}
          dates={data.dates}
        />
      </NextIntlClientProvider>
      {(segments ?? []).length === 0 && <StartHelpSection />}
    </div>
  );
}
