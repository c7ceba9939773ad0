// The dashboard's "Edit the story" block (issue 13), for a running fundraiser: what the campaigner may still change.
import { getTranslations } from 'next-intl/server';
import { getDb } from '@/lib/db/client';
import { draftView } from '@/lib/fundraisers/drafts';
import { storyEditorLabels } from '@/components/wizard/editor-labels';
import { EditStoryForm, type EditStoryLabels } from './EditStoryForm';

const KEYS = ['heading', 'title', 'shortDescription', 'story', 'goal', 'endDate', 'cover', 'coverHint', 'uploading', 'save', 'saving', 'saved', 'failed'] as const;

export async function EditStorySection({ fundraiserId, locale }: { fundraiserId: number; locale: string }) {
  const [f, t, tw] = await Promise.all([draftView(await getDb(), fundraiserId, { withMedia: true }), getTranslations({ locale, namespace: 'Manage.edit' }), getTranslations({ locale, namespace: 'Wizard' })]);
  if (!f) return null;
  const cover = f.media?.find((m) => m.kind === 'leaderboard');
  const labels: EditStoryLabels = {
    ...(Object.fromEntries(KEYS.map((k) => [k, t(k)])) as Record<(typeof KEYS)[number], string>),
    editor: storyEditorLabels(tw),
  };
  return (
    <EditStoryForm
      fundraiserId={fundraiserId}
      currency={f.currency}
      initial={{ title: f.title, short_description: f.short_description ?? '', story: f.story_description.info_1 ?? '', goal: f.goal, end_date: f.end_date ?? '', cover: cover ? (cover.variants?.card ?? cover.path) : null }}
      labels={labels}
    />
  );
}
