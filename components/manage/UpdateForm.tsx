'use client';
// Posting an update: a title and the text with pictures (the story editor), sent to the donors by email.
// One the screening holds for review is said so (not on the story, not emailed yet), and listed below.
import { useState } from 'react';
import { lazyComponent } from '@/components/ui/lazy-component';
import { useRouter } from 'next/navigation';
import { sendToApi } from '@/components/auth/client-session';
import { Field } from '@/components/forms/Field';
import { uploadFundraiserImage } from '@/components/forms/image-file';
import type { StoryEditorLabels } from '@/components/wizard/StoryEditor';

const StoryEditor = lazyComponent(() => import('@/components/wizard/StoryEditor'), { browserOnly: true, fallback: <div className="story-editor loading" aria-hidden /> });

export type UpdateFormLabels = Record<'heading' | 'title' | 'body' | 'bodyHint' | 'post' | 'posting' | 'posted' | 'postedHeld' | 'failed', string> & { editor: StoryEditorLabels };

export function UpdateForm({ fundraiserId, labels }: { fundraiserId: number; labels: UpdateFormLabels }) {
  const router = useRouter();
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [editorKey, setEditorKey] = useState(0);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [done, setDone] = useState<{ held: boolean; text: string } | null>(null);

  async function addImage(file: File): Promise<string | null> {
    const r = await uploadFundraiserImage(fundraiserId, 'editor', file, labels.failed);
    if ('error' in r) {
      setErrors({ body: r.error });
      return null;
    }
    return r.media.variants?.story ?? r.media.path;
  }

  async function post(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setErrors({});
    setDone(null);
    const r = await sendToApi<{ id: number; emailed: number; held: boolean }>('POST', `/api/fundraisers/${fundraiserId}/updates`, { ...(title.trim() ? { title } : {}), body });
    setBusy(false);
    if (!r.ok) return setErrors(r.error.fields ?? { _: r.error.message ?? labels.failed });
    setTitle('');
    setBody('');
    setEditorKey((k) => k + 1);
    if (r.data.held) {
      setDone({ held: true, text: labels.postedHeld });
      // the list of updates waiting for review shows it, with what was found
      router.refresh();
    } else setDone({ held: false, text: labels.posted.replace('{count}', String(r.data.emailed)) });
  }

  return (
    <section className="panel manage-block" aria-labelledby="update-heading">
      <h2 id="update-heading">{labels.heading}</h2>
      <form onSubmit={post} noValidate>
        <Field id="update-title" label={labels.title} error={errors.title}>
          {(c) => <input {...c} value={title} onChange={(e) => setTitle(e.target.value)} autoComplete="off" />}
        </Field>
        <div className="field">
          <span className="field-label" id="update-body-label">
            {labels.body}
          </span>
          <p id="update-body-help" className="field-hint">
            {labels.bodyHint}
          </p>
          <StoryEditor key={editorKey} labelId="update-body-label" describedBy={['update-body-help', errors.body ? 'update-body-error' : ''].filter(Boolean).join(' ')} invalid={Boolean(errors.body)} value="" onChange={setBody} onImage={addImage} labels={labels.editor} />
          {errors.body && (
            <p id="update-body-error" className="field-error" role="alert">
              {errors.body}
            </p>
          )}
        </div>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? labels.posting : labels.post}
        </button>
        <div aria-live="polite">
          {done && (
            <p className={done.held ? 'notice-warning' : 'notice-success'} data-testid={done.held ? 'update-held' : 'update-posted'}>
              {done.text}
            </p>
          )}
          {errors._ && <p className="field-error">{errors._}</p>}
        </div>
      </form>
    </section>
  );
}
