// One card everywhere (home, listing, carousel, similar fundraisers): DESIGN.md components.
import { getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { FallbackImage } from '@/components/ui/FallbackImage';
import { ProgressBar } from '@/components/ui/ProgressBar';
import type { FundraiserSummary } from '@/lib/fundraisers/queries';
import { cardImage, DEFAULT_FUNDRAISER_IMAGE, hasTaxBenefit, progressPercent } from '@/lib/fundraisers/rules';
import { daysLeft, isFundraiserEnded } from '@/lib/fundraisers/status';
import { formatMoney } from '@/lib/money';
import { paymentPath, storyPath } from '@/lib/routes';
import { responsiveSrcSet } from '@/lib/media/demo-images';

interface Props {
  fundraiser: FundraiserSummary;
  locale: string;
  now?: Date;
  priority?: boolean;
  /** the embeddable listing opens the story for Contribute too (spec 2: donate=1) */
  links?: { story: string; contribute: string; framedContribute: string };
}

export async function FundraiserCard({ fundraiser: f, locale, now = new Date(), priority = false, links }: Props) {
  const t = await getTranslations('Card');
  const ended = isFundraiserEnded(f, now);
  const percent = progressPercent(f.raised_minor, f.goal_minor);
  const left = daysLeft(f, now);
  return (
    <article className="fr-card" data-testid="fundraiser-card" data-ended={ended ? 'true' : 'false'}>
      <div className="media">
        <FallbackImage
          src={cardImage(f.images)}
          srcSet={responsiveSrcSet(cardImage(f.images))}
          fallbackSrc={DEFAULT_FUNDRAISER_IMAGE}
          alt=""
          width={1200}
          height={675}
          sizes="(min-width: 960px) 380px, (min-width: 600px) 50vw, 100vw"
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          decoding="async"
        />
        {hasTaxBenefit(f) && <span className="badge">{t('taxBenefit')}</span>}
      </div>
      <div className="body">
        <h3>
          {links ? (
            <a href={links.story} data-story-link={links.story}>
              {f.title}
            </a>
          ) : (
            <Link href={storyPath(f.custom_tag)}>{f.title}</Link>
          )}
        </h3>
        <p className="muted" style={{ margin: 0, fontSize: 14 }}>
          {t('by', { name: f.campaigner_name })}
        </p>
        <ProgressBar percent={percent} label={t('progress', { percent })} />
        <p className="amounts" style={{ margin: 0 }}>
          {t('raisedOf', {
            raised: formatMoney(f.raised_minor, f.currency, locale),
            goal: formatMoney(f.goal_minor, f.currency, locale),
          })}
        </p>
        <div className="meta">
          <span>{t('supporters', { count: f.donor_count })}</span>
          <span>{ended ? t('ended') : left !== null ? t('daysLeft', { days: left }) : null}</span>
        </div>
        {!ended &&
          (links ? (
            <a className="btn btn-secondary contribute" href={links.contribute} data-story-link={links.framedContribute}>
              {t('contribute')}
            </a>
          ) : (
            <Link className="btn btn-secondary contribute" href={paymentPath(f)}>
              {t('contribute')}
            </Link>
          ))}
      </div>
    </article>
  );
}
