import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { FallbackImage } from '@/components/ui/FallbackImage';
import { ProgressBar } from '@/components/ui/ProgressBar';
import { FundraiserCard } from '@/components/fundraiser/FundraiserCard';
import { getBrand, getSiteUrl } from '@/components/layout/request-context';
import { DonationTicker } from '@/components/story/DonationTicker';
import { ShareMenu } from '@/components/story/ShareMenu';
import { PinGate } from '@/components/story/PinGate';
import { CommentForm } from '@/components/story/CommentForm';
import { LikeButton } from '@/components/story/LikeButton';
import { LoadMore } from '@/components/story/LoadMore';
import { CampaignVisit } from '@/components/story/CampaignVisit';
import { DonateIntent } from '@/components/story/DonateIntent';
import { PaymentFailedNotice } from '@/components/payment/PaymentFailedNotice';
import { StoryFacts, StoryProof } from '@/components/story/StoryFacts';
import { StoryVideo } from '@/components/story/StoryVideo';
import { FundsUsed } from '@/components/story/FundsUsed';
import { AskForUpdate } from '@/components/story/AskForUpdate';
import { CommentReplies } from '@/components/story/CommentReplies';
import '@/components/story/story.css';
import { cachedFundraiserById, cachedFundraiserByTag, cachedStoryExtras } from '@/lib/story/cached';
import { cardImage, DEFAULT_FUNDRAISER_IMAGE, progressPercent } from '@/lib/fundraisers/rules';
import { daysLeft, isFundraiserEnded } from '@/lib/fundraisers/status';
import { sanitizeStoryHtml, htmlToText, truncateText } from '@/lib/content/sanitize';
import { absoluteUrl, jsonLdScript, localeAlternates, storyImage, storyJsonLd, storyMetaDescription } from '@/lib/seo/story-meta';
import { tickerOthersCount } from '@/lib/story/ticker';
import { storyShareMessage } from '@/lib/story/share';
import { localizedPath } from '@/lib/i18n/locales';
import { formatMoney, toMinor } from '@/lib/money';
import { decodedSegment, paymentPath, signInPath, storyPath } from '@/lib/routes';
import { responsiveSrcSet } from '@/lib/media/demo-images';

type Props = { params: Promise<{ site: string; locale: string; tag: string }> };

// rendered on a story's first visit, then served from the cache until a change expires its tag
export async function generateStaticParams() {
  return [];
}

const loadFundraiser = cache(async (tag: string) => {
  const customTag = decodedSegment(tag);
  return customTag ? cachedFundraiserByTag(customTag) : null;
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { site, locale, tag } = await params;
  const f = await loadFundraiser(tag);
  if (!f) return {};
  const origin = await getSiteUrl(site);
  const brand = await getBrand(site);
  const path = storyPath(f.custom_tag);
  const canonical = absoluteUrl(origin, localizedPath(locale, path));
  // a private story's text never reaches the page, its preview or search engines
  const description = f.is_private ? f.title : storyMetaDescription(f);
  const { url: image, width, height } = storyImage(origin, f);
  return {
    title: f.title,
    description,
    alternates: { canonical, languages: localeAlternates(origin, path) },
    robots: f.is_private ? { index: false, follow: false } : undefined,
    openGraph: { type: 'article', url: canonical, title: f.title, description, siteName: brand.name, locale, images: [{ url: image, width, height, alt: f.title }] },
    twitter: { card: 'summary_large_image', title: f.title, description, images: [image] },
  };
}

export default async function StoryPage({ params }: Props) {
  const { site, locale, tag } = await params;
  setRequestLocale(locale);
  const f = await loadFundraiser(tag);
  if (!f) notFound();
  const [t, tc, tp, extras, parent] = await Promise.all([
    getTranslations('Story'),
    getTranslations('Card'),
    getTranslations('Payment'),
    cachedStoryExtras(f.id, f.cause_id, f.title),
    // a supporting fundraiser names the fundraiser its money goes to
    f.support_campaign_id ? cachedFundraiserById(f.support_campaign_id) : null,
  ]);
  const origin = await getSiteUrl(site);
  const path = storyPath(f.custom_tag);
  const storyUrl = absoluteUrl(origin, localizedPath(locale, path));
  const now = new Date();
  const ended = isFundraiserEnded(f, now);
  const left = daysLeft(f, now);
  const percent = progressPercent(f.raised_minor, f.goal_minor);
  const hero = f.images.leaderboard ?? f.images.theater ?? f.images.widget;
  const isPublic = !f.is_private;
  // one level of supporting fundraisers, for running public ones (lib/fundraisers/supporting.ts says the same)
  const invitesSupporters = !ended && isPublic && !f.support_campaign_id;
  const signIn = signInPath(localizedPath(locale, path));
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  const summary = isPublic ? truncateText(htmlToText(f.story_description) || f.short_description || '', 300) : '';
  const loadMoreLabels = { more: '', failed: t('loadFailed'), anonymous: t('anonymous'), supportersOnly: t('supportersOnly'), signIn: t('signInToSeeMore'), reply: t('campaignerReply') };
  const commentLabels = { label: t('writeComment'), placeholder: t('commentPlaceholder'), submit: t('postComment'), signIn: t('signInToComment'), posted: t('commentPosted'), failed: t('loadFailed') };
  const contribute = (className: string) =>
    ended ? null : (
      <Link className={className} href={paymentPath(f)} data-testid="contribute">
        {t('contribute')}
      </Link>
    );

  return (
    <>
      <link rel="amphtml" href={absoluteUrl(origin, `/amp/stories/${f.id}`)} />
      {isPublic && <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdScript(storyJsonLd(origin, locale, f, now)) }} />}
      <div className="container story-layout">
        <header className="story-head">
          <PaymentFailedNotice template={tp.raw('failed') as string} fallback={tp('failedNoReason')} />
          <h1>
            {/* a Latin title inside Arabic or Urdu keeps its own direction (punctuation, numbers) */}
            <bdi>{f.title}</bdi>
          </h1>
          {parent && (
            <p className="supports-note" data-testid="supports">
              {t.rich('supportsNote', { link: () => <Link href={storyPath(parent.custom_tag)}><bdi>{parent.title}</bdi></Link> })}
            </p>
          )}
          <div className="story-hero">
            <FallbackImage src={cardImage(f.images)} srcSet={responsiveSrcSet(cardImage(f.images))} fallbackSrc={DEFAULT_FUNDRAISER_IMAGE} alt={f.title} width={hero?.width ?? 1200} height={hero?.height ?? 675} sizes="(min-width: 960px) 720px, 100vw" fetchPriority="high" />
          </div>
        </header>

        {/* right under the picture on a phone (and next in keyboard order); the sticky side panel on desktop */}
        <aside className="panel donate-panel" aria-label={t('contribute')}>
          <p className="raised" data-testid="raised">
            {formatMoney(f.raised_minor, f.currency, locale)}
          </p>
          <p className="muted" data-testid="goal">
            {t('goal', { goal: formatMoney(f.goal_minor, f.currency, locale) })}
          </p>
          <ProgressBar percent={percent} label={tc('progress', { percent })} />
          <p className="meta" style={{ display: 'flex', justifyContent: 'space-between' }}>
            <span data-testid="supporters-count">{tc('supporters', { count: f.donor_count })}</span>
            <span data-testid="days-left">{ended ? tc('ended') : left !== null ? tc('daysLeft', { days: left }) : null}</span>
          </p>
          {ended ? <p role="status">{t('ended')}</p> : contribute('btn btn-primary btn-block')}
          <ShareMenu
            storyUrl={storyUrl}
            customTag={f.custom_tag}
            message={storyShareMessage(t, f.title, summary)}
            fundraiserId={f.id}
          />
        </aside>

        <article className="story-main">
          {isPublic && f.gallery.length > 0 && (
            <section aria-label={t('gallery')} className="gallery">
              {f.gallery.map((g, i) => (
                <FallbackImage key={g.cdn_path} src={g.cdn_path} srcSet={responsiveSrcSet(g.cdn_path)} fallbackSrc={DEFAULT_FUNDRAISER_IMAGE} alt={`${f.title} (${i + 1})`} width={g.width ?? 640} height={g.height ?? 480} sizes="200px" loading="lazy" decoding="async" />
              ))}
            </section>
          )}
          <StoryFacts fundraiser={f} />
          <StoryProof fundraiser={f} locale={locale} />

          <nav className="story-tabs" aria-label={t('sections')}>
            <a href="#story">{t('story')}</a>
            <a href="#updates">
              {t('updates')} ({extras.updates.total})
            </a>
            <a href="#comments">
              {t('comments')} ({extras.comments.total})
            </a>
            <a href="#supporters">
              {t('supporters')} ({extras.supporters.total})
            </a>
            {isPublic && <a href="#funds-used">{t('fundsUsed')}</a>}
            {extras.supporting.length > 0 && <a href="#supporting">{t('supporting')}</a>}
          </nav>

          <section id="story" aria-labelledby="story-heading" className="story-section">
            <h2 id="story-heading">{f.story_title ?? t('story')}</h2>
            {isPublic ? (
              <>
                <div className="story-body" dir="auto" data-testid="story-body" dangerouslySetInnerHTML={{ __html: sanitizeStoryHtml(f.story_description) || '' }} />
                {/* like the text, a private story's video never reaches the cached page */}
                {f.video && (
                  <StoryVideo
                    youtubeId={f.video.youtube_id}
                    labels={{ play: t('playVideo'), playNamed: t('playVideoNamed', { title: f.title }), frameTitle: t('videoTitle', { title: f.title }), notice: t('videoNotice') }}
                  />
                )}
              </>
            ) : (
              <PinGate
                fundraiserId={f.id}
                labels={{ title: t('privateTitle'), text: t('privateText'), pin: t('pinLabel'), submit: t('pinSubmit'), checking: t('pinChecking'), wrong: t('pinWrong'), locked: t('pinLocked'), invalid: t('pinInvalid'), failed: t('loadFailed') }}
              />
            )}
          </section>

          {isPublic && extras.rewards.length > 0 && (
            <section id="rewards" aria-labelledby="rewards-heading" className="story-section">
              <h2 id="rewards-heading">{t('rewards')}</h2>
              <ul className="story-list reward-cards">
                {extras.rewards.map((r) => (
                  <li key={r.id} className="reward-card">
                    {r.image && <FallbackImage className="reward-image" src={r.image} fallbackSrc={DEFAULT_FUNDRAISER_IMAGE} alt="" width={640} height={360} loading="lazy" decoding="async" />}
                    <strong>
                      <bdi>{r.title}</bdi>
                    </strong>
                    {r.description && (
                      <p dir="auto" className="muted">
                        {r.description}
                      </p>
                    )}
                    <p className="meta">
                      <span>{t('rewardFrom', { amount: formatMoney(toMinor(r.min_amount), r.currency, locale) })}</span>
                      {r.left !== null && <span>{r.left > 0 ? t('rewardLeft', { count: r.left }) : t('rewardGone')}</span>}
                    </p>
                    {!ended && r.left !== 0 && (
                      <Link className="btn btn-secondary" href={paymentPath(f, r.id)}>
                        {t('rewardChoose')}
                      </Link>
                    )}
                  </li>
                ))}
              </ul>
            </section>
          )}

          {isPublic && (
            <>
              <section id="updates" aria-labelledby="updates-heading" className="story-section">
                <h2 id="updates-heading">{t('updates')}</h2>
                {/* spec 7 "ask for update": signed-out visitors are sent to sign in and back here */}
                <AskForUpdate
                  fundraiserId={f.id}
                  signInHref={signInPath(`${localizedPath(locale, path)}#updates`)}
                  labels={{ button: t('askUpdate'), message: t('askUpdateMessage'), send: t('askUpdateSend'), cancel: t('askUpdateCancel'), sending: t('askUpdateSending'), sent: t('askUpdateSent'), already: t('askUpdateAlready'), failed: t('loadFailed') }}
                />
                {extras.updates.data.length === 0 ? (
                  <p className="muted">{t('noUpdates')}</p>
                ) : (
                  <ul className="story-list updates">
                    {extras.updates.data.map((u) => (
                      <li key={u.id}>
                        <article aria-labelledby={`update-${u.id}`}>
                          <h3 id={`update-${u.id}`}>{u.title ?? t('updatedOn', { date: date.format(new Date(u.created_at)) })}</h3>
                          <p className="muted">{t('updatedOn', { date: date.format(new Date(u.created_at)) })}</p>
                          <div className="story-body" dangerouslySetInnerHTML={{ __html: u.body_html }} />
                          <LikeButton action={`/api/fundraisers/${f.id}/updates/${u.id}/like`} count={u.likes_count} labels={{ like: t('like'), signIn: t('signInToComment') }} signInHref={signIn} />
                          {u.comments.length > 0 && (
                            <ul className="story-list comments nested">
                              {u.comments.map((c) => (
                                <li key={c.id}>
                                  <strong>{c.author_name}</strong> <span className="muted">{date.format(new Date(c.created_at))}</span>
                                  <p>{c.body}</p>
                                  <CommentReplies replies={c.replies} locale={locale} label={t('campaignerReply')} />
                                </li>
                              ))}
                            </ul>
                          )}
                          <CommentForm id={`update-comment-${u.id}`} action={`/api/fundraisers/${f.id}/updates/${u.id}/comments`} signInHref={signIn} labels={commentLabels} />
                        </article>
                      </li>
                    ))}
                  </ul>
                )}
                {extras.updates.has_more && <LoadMore kind="updates" url={`/api/fundraisers/${f.id}/updates`} locale={locale} labels={{ ...loadMoreLabels, more: t('moreUpdates') }} signInHref={signIn} />}
              </section>

              <section id="comments" aria-labelledby="comments-heading" className="story-section">
                <h2 id="comments-heading">{t('comments')}</h2>
                <CommentForm id="story-comment" action={`/api/fundraisers/${f.id}/comments`} signInHref={signIn} labels={commentLabels} />
                {extras.comments.data.length === 0 ? (
                  <p className="muted">{t('noComments')}</p>
                ) : (
                  <ul className="story-list comments">
                    {extras.comments.data.map((c) => (
                      <li key={c.id}>
                        <strong>{c.author_name}</strong> <span className="muted">{date.format(new Date(c.created_at))}</span>
                        <p>{c.body}</p>
                        <CommentReplies replies={c.replies} locale={locale} label={t('campaignerReply')} />
                      </li>
                    ))}
                  </ul>
                )}
                {extras.comments.has_more && <LoadMore kind="comments" url={`/api/fundraisers/${f.id}/comments`} locale={locale} labels={{ ...loadMoreLabels, more: t('moreComments') }} signInHref={signIn} />}
              </section>

              <section id="supporters" aria-labelledby="supporters-heading" className="story-section">
                <h2 id="supporters-heading">{t('supporters')}</h2>
                {extras.supporters.data.length === 0 ? (
                  <p className="muted">{t('noSupporters')}</p>
                ) : (
                  <ul className="story-list supporters" data-testid="supporters">
                    {extras.supporters.data.map((s) => (
                      <li key={s.id}>
                        <strong>{s.name || t('anonymous')}</strong> <span>{formatMoney(s.amount_minor, s.currency, locale, { exact: true })}</span>
                      </li>
                    ))}
                  </ul>
                )}
                {extras.supporters.has_more && <LoadMore kind="supporters" url={`/api/fundraisers/${f.id}/donors`} locale={locale} labels={{ ...loadMoreLabels, more: t('moreSupporters') }} signInHref={signIn} />}
              </section>

              <FundsUsed
                withdrawals={extras.withdrawals}
                currency={f.currency}
                locale={locale}
                labels={{
                  heading: t('fundsUsed'),
                  intro: t('fundsUsedIntro'),
                  none: t('fundsUsedNone'),
                  total: (amount) => t('fundsUsedTotal', { amount }),
                  approvedOn: (day) => t('fundsUsedApprovedOn', { date: day }),
                  paidOn: (day) => t('fundsUsedPaidOn', { date: day }),
                  document: t('fundsUsedDocument'),
                  documentNote: t('fundsUsedDocumentNote'),
                }}
              />
            </>
          )}

          {(extras.supporting.length > 0 || invitesSupporters) && (
            <section id="supporting" aria-labelledby="supporting-heading" className="story-section">
              <h2 id="supporting-heading">{t('supporting')}</h2>
              {invitesSupporters && (
                <div className="supporting-invite">
                  <p className="muted">{t('supportingInvite')}</p>
                  <Link className="btn btn-secondary" href={`/supportfundraiser/${encodeURIComponent(f.custom_tag)}`} data-testid="start-supporting">
                    {t('startSupporting')}
                  </Link>
                </div>
              )}
              {extras.supporting.length > 0 && (
                <ul className="card-grid">
                  {extras.supporting.map((s) => (
                    <li key={s.id}>
                      <FundraiserCard fundraiser={s} locale={locale} now={now} />
                    </li>
                  ))}
                </ul>
              )}
            </section>
          )}
        </article>
      </div>

      <section className="container section" aria-labelledby="similar-heading">
        <h2 id="similar-heading">{t('similar')}</h2>
        {extras.similar.length === 0 ? (
          <p className="muted">{t('noSimilar')}</p>
        ) : (
          <ul className="card-grid">
            {extras.similar.map((s) => (
              <li key={s.id}>
                <FundraiserCard fundraiser={s} locale={locale} now={now} />
              </li>
            ))}
          </ul>
        )}
      </section>

      {!ended && <div className="mobile-donate-bar">{contribute('btn btn-primary btn-block')}</div>}
      {isPublic && f.donor_count > 0 && (
        <DonationTicker
          fundraiserId={f.id}
          currency={f.currency}
          locale={locale}
          othersText={t('tickerOthers', { count: tickerOthersCount(f.donor_count) })}
          donatedTemplate={t.raw('tickerDonated') as string}
          someone={t('someone')}
        />
      )}
      <CampaignVisit fundraiserId={f.id} title={f.title} remember={isPublic ? { customTag: f.custom_tag, image: cardImage(f.images) } : undefined} />
      {!ended && <DonateIntent paymentHref={localizedPath(locale, paymentPath(f))} />}
    </>
  );
}
