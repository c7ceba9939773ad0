'use client';
// Editing a live fundraiser from its dashboard: its words, goal, end date and cover, through the same PUT and
// media rules as the wizard (lib/fundraisers/drafts.ts LIVE_EDITABLE_FIELDS); the story page shows the change at once,
// unless the screening holds new words for a reviewer (the page then says so, and why).
import { useState, type ReactNode } from 'react';
import { lazyComponent } from '@/components/ui/lazy-component';
import { useRouter } from 'next/navigation';
import { useForm, Controller } from 'react-hook-form';
import { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { DraftFieldsSchema } from '@/lib/validation/drafts';
import { sendToApi } from '@/components/auth/client-session';
import { Field } from '@/components/forms/Field';
import { uploadFundraiserImage } from '@/components/forms/image-file';
import type { StoryEditorLabels } from '@/components/wizard/StoryEditor';

const StoryEditor = lazyComponent(() => import('@/components/wizard/StoryEditor'), { browserOnly: true, fallback: <div className="story-editor loading" aria-hidden /> });

const fields = DraftFieldsSchema.shape;
// a fundraiser without an end date keeps none unless one is chosen
const EditSchema = DraftFieldsSchema.pick({ title: true, short_description: true, story: true, goal: true })
  .required({ title: true, story: true, goal: true })
  .extend({ end_date: z.union([z.literal(''), fields.end_date.unwrap()]) });
type EditInput = z.input<typeof EditSchema>;
type EditValues = z.output<typeof EditSchema>;
const NOTICE_CLASS = { success: 'notice-success', held: 'notice-warning', error: 'field-error' } as const;

export type EditStoryLabels = Record<'heading' | 'title' | 'shortDescription' | 'story' | 'goal' | 'endDate' | 'cover' | 'coverHint' | 'uploading' | 'save' | 'saving' | 'saved' | 'savedHeld' | 'failed', string> & {
  editor: StoryEditorLabels;
};

interface Props {
  fundraiserId: number;
  currency: string;
  initial: { title: string; short_description: string; story: string; goal: number; end_date: string; cover: string | null };
  labels: EditStoryLabels;
  /** open from the start: a change is waiting for review or was declined */
  open?: boolean;
  /** what the server says about the latest held change (waiting, with what was found; or declined, with why) */
  notice?: ReactNode;
}

export function EditStoryForm({ fundraiserId, currency, initial, labels, open = false, notice: heldNotice }: Props) {
  const router = useRouter();
  const [notice, setNotice] = useState<{ kind: 'success' | 'held' | 'error'; text: string } | null>(null);
  const [cover, setCover] = useState(initial.cover);
  const [coverError, setCoverError] = useState('');
  const [uploading, setUploading] = useState(false);
  const { cover: _cover, ...fieldValues } = initial;
  const [saved, setSaved] = useState<Record<string, unknown>>(fieldValues);
  const { register, control, handleSubmit, setError, formState } = useForm<EditInput, unknown, EditValues>({ resolver: zodResolver(EditSchema), defaultValues: fieldValues });
  const err = (k: keyof EditValues) => formState.errors[k]?.message;

  async function addImage(file: File): Promise<string | null> {
    const r = await uploadFundraiserImage(fundraiserId, 'editor', file, labels.failed);
    if ('error' in r) {
      setError('story', { message: r.error });
      return null;
    }
    return r.media.variants?.story ?? r.media.path;
  }

  async function replaceCover(file: File | undefined) {
    if (!file) return;
    setCoverError('');
    setUploading(true);
    const r = await uploadFundraiserImage(fundraiserId, 'leaderboard', file, labels.failed);
    setUploading(false);
    if ('error' in r) return setCoverError(r.error);
    setCover(r.media.variants?.card ?? r.media.path);
  }

  async function save(values: EditValues) {
    setNotice(null);
    // only what changed since the last save: an untouched end date is not checked again against today
    const changed = Object.fromEntries(Object.entries(values).filter(([k, v]) => v !== undefined && v !== '' && String(v) !== String(saved[k as keyof typeof saved] ?? '')));
    if (!Object.keys(changed).length) return setNotice({ kind: 'success', text: labels.saved });
    const r = await sendToApi<{ words_change: 'published' | 'held' | 'unchanged' | null }>('PUT', `/api/campaigns/${fundraiserId}`, changed);
    if (!r.ok) {
      for (const [k, m] of Object.entries(r.error.fields ?? {})) setError(k as keyof EditValues, { message: m }, { shouldFocus: true });
      return setNotice({ kind: 'error', text: r.error.fields ? '' : (r.error.message ?? labels.failed) });
    }
    setSaved({ ...saved, ...changed });
    const held = r.data.words_change === 'held';
    setNotice(held ? { kind: 'held', text: labels.savedHeld } : { kind: 'success', text: labels.saved });
    // the server's word on the held change (what was found, or that nothing waits any more)
    if (r.data.words_change) router.refresh();
  }

  return (
    <details className="panel manage-block edit-story" id="edit-story" open={open || undefined}>
      <summary>
        <h2>{labels.heading}</h2>
      </summary>
      {heldNotice}
      <form onSubmit={handleSubmit(save)} noValidate>
        <Field id="edit-title" label={labels.title} error={err('title')}>
          {(c) => <input {...c} autoComplete="off" dir="auto" {...register('title')} />}
        </Field>
        <Field id="edit-short" label={labels.shortDescription} error={err('short_description')}>
          {(c) => <textarea {...c} rows={2} dir="auto" {...register('short_description')} />}
        </Field>
        <div className="field">
          <span className="field-label" id="edit-story-label">
            {labels.story}
          </span>
          <Controller
            control={control}
            name="story"
            render={({ field }) => (
              <StoryEditor labelId="edit-story-label" describedBy={err('story') ? 'edit-story-error' : ''} invalid={Boolean(err('story'))} value={initial.story} onChange={field.onChange} onImage={addImage} labels={labels.editor} />
            )}
          />
          {err('story') && (
            <p id="edit-story-error" className="field-error" role="alert">
              {err('story')}
            </p>
          )}
        </div>
        <div className="field-row">
          <Field id="edit-goal" label={`${labels.goal} (${currency})`} error={err('goal')}>
            {(c) => <input {...c} inputMode="numeric" {...register('goal')} />}
          </Field>
          <Field id="edit-end" label={labels.endDate} error={err('end_date')}>
            {(c) => <input {...c} type="date" {...register('end_date')} />}
          </Field>
        </div>
        <div className="field">
          <label htmlFor="edit-cover">{labels.cover}</label>
          {/* eslint-disable-next-line @next/next/no-img-element -- the uploaded cover's own variant, already sized */}
          {cover && <img className="edit-cover-preview" src={cover} alt="" width={320} height={180} />}
          <input id="edit-cover" type="file" accept="image/jpeg,image/png,image/webp" aria-describedby={`edit-cover-help${coverError ? ' edit-cover-error' : ''}`} onChange={(e) => void replaceCover(e.target.files?.[0])} disabled={uploading} />
          <p id="edit-cover-help" className="field-hint">
            {uploading ? labels.uploading : labels.coverHint}
          </p>
          {coverError && (
            <p id="edit-cover-error" className="field-error" role="alert">
              {coverError}
            </p>
          )}
        </div>
        <button type="submit" className="btn btn-primary" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? labels.saving : labels.save}
        </button>
        <div aria-live="polite" data-testid="edit-notice">
          {notice?.text && <p className={NOTICE_CLASS[notice.kind]}>{notice.text}</p>}
        </div>
      </form>
    </details>
  );
}
