// The fundraiser in view beside a gift (the payment page) or an outcome (an update's page, a failed payment's return):
// picture, title, campaigner, progress, raised of goal; with supporters and days left where the page asks for them.
import type { ReactNode } from 'react';
import { getTranslations } from 'next-intl/server';
import type { FundraiserSummary as Fundraiser } from '@/lib/fundraisers/queries';
import { cardImage, DEFAULT_FUNDRAISER_IMAGE, progressPercent } from '@/lib/fundraisers/rules';
import { daysLeft, isFundraiserEnded } from '@/lib/fundraisers/status';
import { formatMoney } from '@/lib/money';
import { responsiveSrcSet } from '@/lib/media/demo-images';
import { FallbackImage } from '@/components/ui/FallbackImage';
import { ProgressBar } from '@/components/ui/ProgressBar';

interface Props {
  f: Fundraiser;
  locale: string;
  /** the summary's heading: the page's h1 (the payment page) or a line naming the fundraiser */
  heading: ReactNode;
  /** supporters and days left under the amounts */
  withCounts?: boolean;
}

export async function FundraiserSummary({ f, locale, heading, withCounts = false }: Props) {
  const tc = await getTranslations('Card');
  const percent = progressPercent(f.raised_minor, f.goal_minor);
  const left = daysLeft(f);
  return (
    <header className="pay-summary" data-testid="pay-summary">
      <FallbackImage src={cardImage(f.images)} srcSet={responsiveSrcSet(cardImage(f.images))} fallbackSrc={DEFAULT_FUNDRAISER_IMAGE} alt="" width={96} height={72} sizes="96px" fetchPriority="high" />
      <div className="pay-summary-text">
        {heading}
        <p className="muted">{tc('by', { name: f.campaigner_name })}</p>
        <ProgressBar percent={percent} label={tc('progress', { percent })} />
        <p className="meta">
          <bdi>{tc('raisedOf', { raised: formatMoney(f.raised_minor, f.currency, locale), goal: formatMoney(f.goal_minor, f.currency, locale) })}</bdi>
        </p>
        {withCounts && (
          <p className="meta">
            {tc('supporters', { count: f.donor_count })} · {isFundraiserEnded(f) ? tc('ended') : left !== null ? tc('daysLeft', { days: left }) : null}
          </p>
        )}
      </div>
    </header>
  );
}
