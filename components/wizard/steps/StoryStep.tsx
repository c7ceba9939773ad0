// The story step: the title, the short description and the story itself, with pictures once there is a draft.
import { lazyComponent } from '@/components/ui/lazy-component';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslations } from 'next-intl';
import { FUNDRAISER_TITLE_MAX, SHORT_DESCRIPTION_MAX } from '@/lib/constants/fundraisers';
import { Field } from '@/components/forms/Field';
import { storyEditorLabels } from '../editor-labels';
import type { WizardMedia } from '../use-wizard-media';
import type { FieldError, Values } from '../wizard-values';

// the editor (TipTap) loads with the step that uses it, not with the wizard
const StoryEditor = lazyComponent(() => import('../StoryEditor'), { browserOnly: true, fallback: <div className="story-editor loading" aria-hidden /> });

interface Props {
  form: UseFormReturn<Values>;
  values: Values;
  err: FieldError;
  /** stores a picture on the draft; null until there is a draft */
  upload: WizardMedia['upload'] | null;
  uploadError: string | undefined;
}

export function StoryStep({ form, values, err, upload, uploadError }: Props) {
  const t = useTranslations('Wizard');
  const { register, getValues, setValue } = form;
  return (
    <>
      <Field id="title" label={t('title')} hint={t('titleHint', { count: (values.title ?? '').length, max: FUNDRAISER_TITLE_MAX })} error={err('title')}>
        {(c) => <input {...c} maxLength={FUNDRAISER_TITLE_MAX} autoComplete="off" {...register('title')} />}
      </Field>
      <Field id="short_description" label={t('shortDescription')} hint={t('counter', { count: (values.short_description ?? '').length, max: SHORT_DESCRIPTION_MAX })} error={err('short_description')}>
        {(c) => <textarea {...c} rows={2} maxLength={SHORT_DESCRIPTION_MAX} {...register('short_description')} />}
      </Field>
      <div className="field">
        <span className="field-label" id="story-label">
          {t('story')}
        </span>
        <p id="story-help" className="field-hint">
          {t('storyHint')}
        </p>
        <StoryEditor
          labelId="story-label"
          describedBy={['story-help', err('story') ? 'story-error' : ''].filter(Boolean).join(' ')}
          invalid={Boolean(err('story'))}
          value={getValues('story') ?? ''}
          onChange={(html) => setValue('story', html, { shouldDirty: true })}
          onImage={
            upload
              ? async (file) => {
                  const m = await upload('editor', file);
                  return m ? (m.variants?.story ?? m.path) : null;
                }
              : undefined
          }
          labels={storyEditorLabels(t)}
        />
        {(err('story') || uploadError) && (
          <p id="story-error" className="field-error" role="alert">
            {err('story') ?? uploadError}
          </p>
        )}
      </div>
    </>
  );
}
