import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { eq } from 'drizzle-orm';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { getDb } from '@/lib/db/client';
import { entityDetails } from '@/lib/db/schema';
import { can } from '@/lib/permissions/can';
import { draftView, type DraftMedia } from '@/lib/fundraisers/draft-view';
import { heldEdits } from '@/lib/fundraisers/live-edits';
import { heldUpdates } from '@/lib/fundraisers/updates';
import { FundraiserIdSchema } from '@/lib/validation/fundraisers';
import { endOfIndianDay, ReviewDecisionSchema } from '@/lib/validation/drafts';
import { sanitizeStoryHtml } from '@/lib/content/sanitize';
import { cachedCauses } from '@/lib/cache/queries';
import { beneficiaryRelationText, causeName } from '@/lib/i18n/stored-values';
import { localePrefix } from '@/lib/i18n/locales';
import { formatCount, formatMoney, toMinor } from '@/lib/money';
import { formatDate } from '@/lib/portfolio/format';
import { storyPath } from '@/lib/routes';
import { ReviewFlags } from '@/components/review/ReviewFlags';
import { HOSPITALISATION_STATUSES } from '@/lib/constants/fundraisers';
import { MEDIA_STORY_WIDTH } from '@/lib/constants/media';
import { requireCurrentUser } from '@/components/auth/current-user';
import { ProgressBar } from '@/components/ui/ProgressBar';
import { ReviewActions, type ReviewActionLabels } from '@/components/review/ReviewActions';
import { REVIEW_SEND_BACK_CATEGORIES } from '@/lib/constants/fundraisers';
import { HeldChanges } from '@/components/review/HeldChanges';
import { ProofChecks, type ProofLabels } from '@/components/review/ProofChecks';
import '@/components/story/story.css';
import '@/components/review/review.css';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ site: string; locale: string; id: string }> };

const PROOF_KEYS = ['heading', 'hospital', 'hospitalNew', 'hospitalListed', 'confirmHospital', 'documents', 'medical_estimate', 'beneficiary_id', 'missing', 'open', 'markChecked', 'checked', 'failed'] as const;
const ACTION_KEYS = ['approve', 'approveHint', 'sendBackHeading', 'reason', 'reasonHint', 'sendBack', 'sending', 'approved', 'sentBack', 'viewStory', 'failed'] as const;
const REASON_MIN_LENGTH = ReviewDecisionSchema.options[1].shape.reason.minLength ?? 0;
const HERO_ASPECT = { width: 16, height: 9 };
const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'Review' });
  return { title: t('previewBanner'), robots: { index: false, follow: false } };
}

const isHospitalisationStatus = (value: string | null): value is (typeof HOSPITALISATION_STATUSES)[number] => (HOSPITALISATION_STATUSES as readonly (string | null)[]).includes(value);
const imagesOf = (media: DraftMedia[] | undefined, kinds: readonly string[]) => (media ?? []).filter((m) => kinds.includes(m.kind));

/** The field-sales entity that started the fundraiser for its beneficiary (spec 6: creator_entity_details_id). */
async function creatorName(id: number | null): Promise<string | null> {
  if (id === null) return null;
  const [entity] = await (await getDb()).select({ name: entityDetails.name }).from(entityDetails).where(eq(entityDetails.id, id));
  return entity?.name ?? null;
}

// a fundraiser under review, shown as its story page will look, with the reviewer's decision beside it;
// a live one's held change of words (old beside new) and held updates, each with its decision
export default async function ReviewDraftPage({ params }: Props) {
  const { locale, id: rawId } = await params;
  setRequestLocale(locale);
  const parsedId = FundraiserIdSchema.safeParse(rawId);
  const user = await requireCurrentUser(locale, parsedId.success ? `/review/${parsedId.data}` : '/review');
  const db = await getDb();
  if (!parsedId.success || !(await can(db, user, 'fundraiser.review', { kind: 'platform' }))) notFound();
  const id = parsedId.data;
  const draft = await draftView(db, id, { withMedia: true });
  if (!draft) notFound();
  const [t, tStory, tCard, tCauses, causes, mayDecide, creator] = await Promise.all([
    getTranslations('Review'),
    getTranslations('Story'),
    getTranslations('Card'),
    getTranslations('Causes'),
    cachedCauses(),
    // nobody decides on their own fundraiser (can's rule, checked again by the API)
    can(db, user, 'fundraiser.review', { kind: 'fundraiser', id }),
    creatorName(draft.creator_entity_details_id),
  ]);

  const title = draft.title || t('untitled');
  // an approved fundraiser is public already: the page then only says so and links to its story
  const isPublic = draft.status === 'live' || draft.status === 'ended';
  const reasonTooShort = t('reasonTooShort', { min: REASON_MIN_LENGTH });

  if (isPublic && draft.custom_tag) {
    const [[edit], updates, mayDecideHeld] = await Promise.all([heldEdits(db, [id]), heldUpdates(db, [id]), can(db, user, 'fundraiser.review_change', { kind: 'fundraiser', id })]);
    if (edit || updates.length)
      return (
        <div className="container section review-page">
          <p className="review-back">
            <Link href="/review">{t('backToQueue')}</Link>
          </p>
          <h1>
            <bdi>{title}</bdi>
          </h1>
          <HeldChanges fundraiserId={id} customTag={draft.custom_tag} edit={edit ?? null} updates={updates} mayDecide={mayDecideHeld} locale={locale} localePrefix={localePrefix(locale)} reasonTooShort={reasonTooShort} />
        </div>
      );
  }
  const cover = imagesOf(draft.media, ['leaderboard'])[0];
  const others = imagesOf(draft.media, ['beneficiary', 'editor']);
  const videoId = imagesOf(draft.media, ['video']).map((m) => m.path).find((v) => YOUTUBE_ID.test(v));
  const goal = formatMoney(toMinor(draft.goal), draft.currency, locale);
  const cause = causeName(tCauses, { slug: causes.find((c) => c.id === draft.cause_id)?.slug, info_1: draft.cause });
  const storyHtml = sanitizeStoryHtml(draft.story_description.info_1);
  const utm = Object.entries(draft.utm ?? {});
  const { beneficiary } = draft;
  const medical = [
    { key: 'disease', value: draft.disease.name },
    { key: 'hospital', value: draft.hospital.name },
    { key: 'city', value: draft.city },
    { key: 'hospitalisationStatus', value: isHospitalisationStatus(draft.hospitalisation_status) ? t(`hospitalisation.${draft.hospitalisation_status}`) : draft.hospitalisation_status },
    { key: 'patientNumber', value: draft.patient_number },
  ] as const;
  const shownMedical = medical.filter((m) => m.value);
  const actionLabels = { ...Object.fromEntries(ACTION_KEYS.map((k) => [k, t(k)])), reasonTooShort } as ReviewActionLabels;
  // a medical fundraiser's hospital and documents, checked before approval
  const proof =
    draft.purpose === 'medical' ? (
      <ProofChecks
        fundraiserId={draft.id}
        hospital={draft.hospital.id ? { name: draft.hospital.name, city: draft.hospital.city, confirmed: draft.hospital.confirmed } : null}
        documents={draft.documents}
        checked={draft.documents_checked_at !== null}
        mayDecide={draft.status === 'under_review' && mayDecide}
        labels={Object.fromEntries(PROOF_KEYS.map((k) => [k, t.raw(`proof.${k}`) as string])) as ProofLabels}
      />
    ) : null;

  // what the screening found, beside the decision
  const flags = <ReviewFlags flags={draft.review_flags} heading={t('flags.heading')} intro={t('flags.intro')} t={(key) => t(key as Parameters<typeof t>[0])} />;

  const statusFacts = (
    <dl className="review-facts">
      <div>
        <dt>{t('status')}</dt>
        <dd data-testid="review-status">{t(`statuses.${draft.status}`)}</dd>
      </div>
      {draft.submitted_at && (
        <div>
          <dt>{t('submitted')}</dt>
          <dd>
            <time dateTime={draft.submitted_at}>{formatDate(draft.submitted_at, locale)}</time>
          </dd>
        </div>
      )}
      {draft.supports && (
        <div>
          <dt>{t('supports')}</dt>
          <dd data-testid="review-supports">
            <Link href={storyPath(draft.supports.custom_tag)}>
              <bdi>{draft.supports.title}</bdi>
            </Link>
          </dd>
        </div>
      )}
    </dl>
  );

  return (
    <>
      <div className="container review-top">
        <p className="review-back">
          <Link href="/review">{t('backToQueue')}</Link>
        </p>
        {!isPublic && (
          <div className="review-banner" role="note" data-testid="preview-banner">
            <strong>{t('previewBanner')}</strong>
            <span>{t('previewNote')}</span>
          </div>
        )}
      </div>

      <div className="container story-layout review-layout">
        <header className="story-head">
          <h1>
            <bdi>{title}</bdi>
          </h1>
          <div className="story-hero">
            {cover ? (
              // eslint-disable-next-line @next/next/no-img-element -- the draft's own upload, shown before it is public
              <img src={cover.path} alt={title} width={MEDIA_STORY_WIDTH} height={(MEDIA_STORY_WIDTH * HERO_ASPECT.height) / HERO_ASPECT.width} fetchPriority="high" />
            ) : (
              <p className="review-no-cover">{t('noCover')}</p>
            )}
          </div>
        </header>

        <aside className="panel donate-panel" aria-label={t('goal')}>
          <p className="raised" data-testid="raised">
            {formatMoney(0, draft.currency, locale)}
          </p>
          <p className="muted" data-testid="goal">
            {tStory('goal', { goal })}
          </p>
          <ProgressBar percent={0} label={tCard('progress', { percent: formatCount(0, locale) })} />
          {draft.end_date && (
            <dl className="review-facts">
              <div>
                <dt>{t('endDate')}</dt>
                <dd>
                  <time dateTime={draft.end_date}>{formatDate(endOfIndianDay(draft.end_date), locale)}</time>
                </dd>
              </div>
            </dl>
          )}
        </aside>

        <article className="story-main">
          {others.length > 0 && (
            <section aria-label={t('images')} className="gallery">
              {others.map((m, i) => (
                // eslint-disable-next-line @next/next/no-img-element -- the draft's own uploads
                <img key={m.id} src={m.variants?.card ?? m.path} alt={t('imageAlt', { title, number: formatCount(i + 1, locale) })} width={640} height={480} loading="lazy" decoding="async" />
              ))}
            </section>
          )}
          <dl className="facts">
            <div>
              <dt>{tStory('campaigner')}</dt>
              <dd data-testid="campaigner">
                <bdi>{draft.owner.full_name}</bdi>
              </dd>
            </div>
            {beneficiary.name && (
              <div>
                <dt>{tStory('beneficiary')}</dt>
                <dd data-testid="beneficiary">
                  <bdi>{beneficiary.name}</bdi>
                  {beneficiary.relation && <span className="muted"> · {beneficiaryRelationText(tStory, beneficiary.relation)}</span>}
                  {beneficiary.age !== null && <span className="muted"> · {t('ageYears', { age: formatCount(beneficiary.age, locale) })}</span>}
                </dd>
              </div>
            )}
            {cause && (
              <div>
                <dt>{tStory('cause')}</dt>
                <dd data-testid="cause">{cause}</dd>
              </div>
            )}
          </dl>

          <section aria-labelledby="story-heading" className="story-section">
            <h2 id="story-heading">{draft.story_title.info_1 ? <bdi>{draft.story_title.info_1}</bdi> : tStory('story')}</h2>
            {draft.short_description && (
              <p className="review-summary">
                <span className="visually-hidden">{t('shortDescription')}: </span>
                <bdi>{draft.short_description}</bdi>
              </p>
            )}
            {/* the campaigner's language, whatever the reviewer's: an English story stays left to right on /ar */}
            <div className="story-body" data-testid="story-body" dir="auto" dangerouslySetInnerHTML={{ __html: storyHtml }} />
          </section>

          {videoId && (
            <section aria-labelledby="video-heading" className="story-section">
              <h2 id="video-heading">{t('video')}</h2>
              <p>
                <a href={`https://www.youtube.com/watch?v=${videoId}`} target="_blank" rel="noopener noreferrer">
                  {t('watchVideo')}
                </a>
              </p>
            </section>
          )}

          {shownMedical.length > 0 && (
            <section aria-labelledby="medical-heading" className="story-section">
              <h2 id="medical-heading">{t('medical')}</h2>
              <dl className="facts review-details">
                {shownMedical.map((m) => (
                  <div key={m.key}>
                    <dt>{t(m.key)}</dt>
                    <dd>
                      <bdi>{m.value}</bdi>
                    </dd>
                  </div>
                ))}
              </dl>
            </section>
          )}

          {(draft.owner.qualification || draft.owner.occupation) && (
            <section aria-labelledby="owner-heading" className="story-section">
              <h2 id="owner-heading">{t('campaigner')}</h2>
              <dl className="facts review-details">
                {draft.owner.qualification && (
                  <div>
                    <dt>{t('qualification')}</dt>
                    <dd>{draft.owner.qualification}</dd>
                  </div>
                )}
                {draft.owner.occupation && (
                  <div>
                    <dt>{t('occupation')}</dt>
                    <dd>{draft.owner.occupation}</dd>
                  </div>
                )}
              </dl>
            </section>
          )}

          {(creator || utm.length > 0) && (
            <section aria-labelledby="source-heading" className="story-section">
              <h2 id="source-heading">{t('source')}</h2>
              <dl className="facts review-details">
                {creator && (
                  <div>
                    <dt>{t('fieldSales')}</dt>
                    <dd data-testid="field-sales">
                      <bdi>{creator}</bdi>
                    </dd>
                  </div>
                )}
                {utm.map(([key, value]) => (
                  <div key={key}>
                    <dt>
                      {t('utm')} <bdi dir="ltr">({key})</bdi>
                    </dt>
                    <dd>
                      <bdi dir="ltr">{value}</bdi>
                    </dd>
                  </div>
                ))}
              </dl>
            </section>
          )}
        </article>

        <section className="panel review-decision" aria-labelledby="decision-heading">
          <h2 id="decision-heading">{t('decision')}</h2>
          {draft.status === 'under_review' && mayDecide ? (
            <ReviewActions fundraiserId={draft.id} localePrefix={localePrefix(locale)} labels={actionLabels} categories={{ label: t('category'), options: REVIEW_SEND_BACK_CATEGORIES.map((value) => ({ value, label: t(`categories.${value}`) })) }}>
              {statusFacts}
              {flags}
              {proof}
            </ReviewActions>
          ) : (
            <>
              {statusFacts}
              {flags}
              {proof}
              <p className="review-note">{draft.status === 'under_review' ? t('ownFundraiser') : t('notWaiting')}</p>
              {draft.status === 'rejected' && draft.review_reason && (
                <blockquote className="review-reason">
                  <p className="muted">{t('reasonGiven')}</p>
                  <p>{draft.review_reason}</p>
                </blockquote>
              )}
              {isPublic && draft.custom_tag && (
                <p>
                  <Link href={storyPath(draft.custom_tag)}>{t('viewStory')}</Link>
                </p>
              )}
            </>
          )}
        </section>
      </div>
    </>
  );
}
