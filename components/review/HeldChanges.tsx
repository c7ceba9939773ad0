// A live fundraiser's words held for the reviewer: a change of its title, short description or story
// (the public words beside the proposed ones, word by word) and updates to its donors, each with what the screening
// found and its own decision. A server component; the decisions are ReviewActions at their own endpoints.
import { getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import type { HeldEditView } from '@/lib/fundraisers/live-edits';
import type { HeldUpdateView } from '@/lib/fundraisers/updates';
import { storyTextForReview, wordDiff, type DiffPart } from '@/lib/content/word-diff';
import { sanitizeStoryHtml } from '@/lib/content/sanitize';
import { formatDate } from '@/lib/portfolio/format';
import { storyPath } from '@/lib/routes';
import { ReviewActions, type ReviewActionLabels } from './ReviewActions';
import { ReviewFlags as Flags } from './ReviewFlags';

interface Props {
  fundraiserId: number;
  customTag: string;
  edit: HeldEditView | null;
  updates: HeldUpdateView[];
  /** the reviewer is one of the fundraiser's people: another reviewer decides */
  mayDecide: boolean;
  locale: string;
  localePrefix: string;
  reasonTooShort: string;
}


/** One side of the comparison: the words, with what the other side lacks marked (struck out before, underlined after). */
function DiffSide({ parts, side }: { parts: DiffPart[]; side: 'before' | 'after' }) {
  return (
    <p className="review-diff-text" dir="auto">
      {parts.map((p, i) => {
        if (p.kind === 'same') return <span key={i}>{p.text}</span>;
        if (side === 'before') return p.kind === 'removed' ? <del key={i}>{p.text}</del> : null;
        return p.kind === 'added' ? <ins key={i}>{p.text}</ins> : null;
      })}
    </p>
  );
}

export async function HeldChanges({ fundraiserId, customTag, edit, updates, mayDecide, locale, localePrefix, reasonTooShort }: Props) {
  const t = await getTranslations({ locale, namespace: 'Review' });
  const tr = (key: string) => t(key as Parameters<typeof t>[0]);
  const labels = (kind: 'change' | 'update'): ReviewActionLabels => ({
    approve: t(`held.${kind}.approve`),
    approveHint: t(`held.${kind}.approveHint`),
    sendBackHeading: t(`held.${kind}.declineHeading`),
    reason: t('held.declineReason'),
    reasonHint: t(`held.${kind}.declineHint`),
    reasonTooShort,
    sendBack: t('held.decline'),
    sending: t('sending'),
    approved: t(`held.${kind}.approved`),
    sentBack: t(`held.${kind}.declined`),
    viewStory: t('viewStory'),
    failed: t('failed'),
  });
  return (
    <div className="review-held" data-testid="review-held">
      <p className="review-note">
        {t('held.note')} <Link href={storyPath(customTag)}>{t('viewStory')}</Link>
      </p>
      {!mayDecide && <p className="review-note">{t('ownFundraiser')}</p>}

      {edit && (
        <section className="panel review-held-item" aria-labelledby="held-change-heading" data-testid="held-change">
          <h2 id="held-change-heading">{t('held.change.heading')}</h2>
          <p className="muted">
            {t('held.submittedBy', { name: '\u2068' + edit.campaigner + '\u2069' })} · <time dateTime={edit.submitted_at}>{formatDate(edit.submitted_at, locale)}</time>
          </p>
          <Flags flags={edit.review_flags} heading={t('flags.heading')} intro={t('held.flagsIntro')} t={tr} />
          <p className="muted review-diff-legend">{t('held.legend')}</p>
          {edit.changes.map((c) => {
            const text = (words: string) => (c.field === 'story_description' ? storyTextForReview(words, t('held.picture')) : words);
            const parts = wordDiff(text(c.before), text(c.after));
            return (
              <div key={c.field} className="review-diff" data-testid={`diff-${c.field}`}>
                <h3>{t(`held.fields.${c.field}`)}</h3>
                <div className="review-diff-sides">
                  <div className="review-diff-before">
                    <p className="review-diff-label">{t('held.before')}</p>
                    <DiffSide parts={parts} side="before" />
                  </div>
                  <div className="review-diff-after">
                    <p className="review-diff-label">{t('held.after')}</p>
                    <DiffSide parts={parts} side="after" />
                  </div>
                </div>
              </div>
            );
          })}
          {mayDecide && <ReviewActions fundraiserId={fundraiserId} endpoint={`/api/reviews/${fundraiserId}/edits/${edit.id}`} idPrefix={`change-${edit.id}`} localePrefix={localePrefix} labels={labels('change')} />}
        </section>
      )}

      {updates.map((u) => (
        <section key={u.id} className="panel review-held-item" aria-labelledby={`held-update-${u.id}`} data-testid="held-update">
          <h2 id={`held-update-${u.id}`}>{t('held.update.heading')}</h2>
          <p className="muted">
            {t('held.submittedBy', { name: '\u2068' + u.campaigner + '\u2069' })} · <time dateTime={u.created_at}>{formatDate(u.created_at, locale)}</time>
          </p>
          <Flags flags={u.review_flags} heading={t('flags.heading')} intro={t('held.flagsIntro')} t={tr} />
          <article className="review-held-update">
            {u.title && (
              <h3 dir="auto">
                <bdi>{u.title}</bdi>
              </h3>
            )}
            <div className="story-body" dir="auto" dangerouslySetInnerHTML={{ __html: sanitizeStoryHtml(u.body_html) }} />
          </article>
          {mayDecide && <ReviewActions fundraiserId={fundraiserId} endpoint={`/api/reviews/${fundraiserId}/updates/${u.id}`} idPrefix={`update-${u.id}`} localePrefix={localePrefix} labels={labels('update')} />}
        </section>
      ))}
    </div>
  );
}
