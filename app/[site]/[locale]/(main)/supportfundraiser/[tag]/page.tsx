import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { cachedFundraiserByTag } from '@/lib/story/cached';
import { fundraiserStage } from '@/lib/fundraisers/status';
import { FUNDRAISER_GOAL_MIN_MAJOR, FUNDRAISER_TITLE_MAX, SUPPORTING_GOAL_SHARE } from '@/lib/constants/fundraisers';
import { decodedSegment, storyPath } from '@/lib/routes';
import { formatMoney, toMajor } from '@/lib/money';
import { requireCurrentUser } from '@/components/auth/current-user';
import { SupportingForm } from '@/components/supporting/SupportingForm';
import '@/components/wizard/wizard.css';
import '@/components/supporting/supporting.css';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ site: string; locale: string; tag: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'Supporting' });
  return { title: t('pageTitle'), robots: { index: false, follow: false } };
}

const FORM_KEYS = ['title', 'story', 'storyHint', 'goal', 'endDate', 'endDateHint', 'start', 'starting', 'failed'] as const;

// spec 7 supportfundraiser/{custom_tag}: a signed-in supporter starts a fundraiser that raises for this one
export default async function SupportFundraiserPage({ params }: Props) {
  const { locale, tag } = await params;
  setRequestLocale(locale);
  const customTag = decodedSegment(tag);
  const parent = customTag ? await cachedFundraiserByTag(customTag) : null;
  if (!parent) notFound();
  const user = await requireCurrentUser(locale, `/supportfundraiser/${tag}`);
  const t = await getTranslations('Supporting');
  const open = fundraiserStage(parent) === 'running' && !parent.is_private && parent.support_campaign_id === null;
  const firstName = user.full_name.split(' ')[0];
  const goal = Math.max(FUNDRAISER_GOAL_MIN_MAJOR, Math.round((toMajor(parent.goal_minor) * SUPPORTING_GOAL_SHARE) / 1_000) * 1_000);
  return (
    <div className="container section supporting-page">
      <p>
        <Link href={storyPath(parent.custom_tag)}>{t('back')}</Link>
      </p>
      <h1>{t('heading')}</h1>
      <p className="supporting-parent">
        {t.rich('for', { title: () => <bdi className="supporting-parent-title">{parent.title}</bdi> })}
      </p>
      <p className="muted">{t('how', { goal: formatMoney(parent.goal_minor, parent.currency, locale) })}</p>
      {open ? (
        <SupportingForm
          parentId={parent.id}
          currency={parent.currency}
          // a first suggestion the supporter edits: their name with the parent's title, a share of its goal
          defaults={{ title: t('defaultTitle', { name: firstName, title: parent.title }).slice(0, FUNDRAISER_TITLE_MAX), goal }}
          parentHref={storyPath(parent.custom_tag)}
          labels={{
            ...(Object.fromEntries(FORM_KEYS.map((k) => [k, t(`form.${k}`)])) as Record<(typeof FORM_KEYS)[number], string>),
            sentHeading: t('sent.heading'),
            // filled in the browser with the title the supporter chose
            sentText: t.raw('sent.text') as string,
            back: t('back'),
          }}
        />
      ) : (
        <p role="status" className="panel">
          {t('closed')}
        </p>
      )}
    </div>
  );
}
