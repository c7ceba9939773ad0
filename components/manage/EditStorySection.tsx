// The dashboard's "Edit the story" block, for a running fundraiser: what the campaigner may still change.
// A change held for review is shown with what was found (the form starts from the waiting words), and a
// declined one with the reviewer's reason.
import { getTranslations } from 'next-intl/server';
import { getDb } from '@/lib/db/client';
import { draftView } from '@/lib/fundraisers/draft-view';
import { latestEditFor, type LatestEditView } from '@/lib/fundraisers/live-edits';
import { storyEditorLabels } from '@/components/wizard/editor-labels';
import { EditStoryForm, type EditStoryLabels } from './EditStoryForm';
import { HeldFlags } from './HeldFlags';

const KEYS = ['heading', 'title', 'shortDescription', 'story', 'goal', 'endDate', 'cover', 'coverHint', 'uploading', 'save', 'saving', 'saved', 'savedHeld', 'failed'] as const;

export async function EditStorySection({ fundraiserId, user, locale }: { fundraiserId: number; user: { id: number }; locale: string }) {
  const db = await getDb();
  const [f, held, t, tw] = await Promise.all([
    draftView(db, fundraiserId, { withMedia: true }),
    latestEditFor(db, user, fundraiserId),
    getTranslations({ locale, namespace: 'Manage.edit' }),
    getTranslations({ locale, namespace: 'Wizard' }),
  ]);
  if (!f) return null;
  const cover = f.media?.find((m) => m.kind === 'leaderboard');
  const labels: EditStoryLabels = {
    ...(Object.fromEntries(KEYS.map((k) => [k, t(k)])) as Record<(typeof KEYS)[number], string>),
    editor: storyEditorLabels(tw),
  };
  // the waiting words are the form's starting point: the next save builds on them
  const waiting = held?.status === 'pending' ? held.words : {};
  return (
    <EditStoryForm
      fundraiserId={fundraiserId}
      currency={f.currency}
      initial={{
        title: waiting.title ?? f.title,
        short_description: waiting.short_description ?? f.short_description ?? '',
        story: waiting.story_description ?? f.story_description.info_1 ?? '',
        goal: f.goal,
        end_date: f.end_date ?? '',
        cover: cover ? (cover.variants?.card ?? cover.path) : null,
      }}
      labels={labels}
      open={held !== null}
      notice={held && <HeldEditNotice held={held} locale={locale} />}
    />
  );
}

async function HeldEditNotice({ held, locale }: { held: LatestEditView; locale: string }) {
  const t = await getTranslations({ locale, namespace: 'Manage.edit' });
  if (held.status === 'declined')
    return (
      <div className="notice-warning held-notice" role="note" data-testid="edit-declined">
        <p className="held-notice-heading">{t('declinedHeading')}</p>
        <p>{t('declinedIntro')}</p>
        {held.decline_reason && (
          <blockquote className="held-reason">
            <p dir="auto">{held.decline_reason}</p>
          </blockquote>
        )}
        <p>{t('declinedAgain')}</p>
      </div>
    );
  return (
    <div className="notice-warning held-notice" role="note" data-testid="edit-held">
      <p className="held-notice-heading">{t('heldHeading')}</p>
      <p>{held.review_flags.length ? t('heldIntro') : t('heldIntroAlways')}</p>
      <HeldFlags flags={held.review_flags} locale={locale} />
      <p>{t('heldAgain')}</p>
    </div>
  );
}
