// The images step (signed in, with a draft): the cover, and in the advanced wizard more photos and a video.
import type { UseFormReturn } from 'react-hook-form';
import { useTranslations } from 'next-intl';
import { Field } from '@/components/forms/Field';
import { IMAGE_ACCEPT } from '@/components/forms/image-file';
import { Picture, imageOf } from '../Picture';
import type { WizardMedia } from '../use-wizard-media';
import type { Values } from '../wizard-values';

export function ImagesStep({ form, advanced, media }: { form: UseFormReturn<Values>; advanced: boolean; media: WizardMedia }) {
  const t = useTranslations('Wizard');
  const { cover, uploading, mediaError, upload, removeMedia, saveVideo } = media;
  return (
    <>
      <section className="media-block" aria-labelledby="cover-heading">
        <h2 id="cover-heading">{t('cover')}</h2>
        <p className="muted">{t('coverHint')}</p>
        {cover && <Picture className="cover-preview" src={imageOf(cover)} alt={t('coverAlt')} width={600} height={338} />}
        <label className="btn btn-secondary file-button">
          {uploading === 'leaderboard' ? t('uploading') : cover ? t('replaceCover') : t('addCover')}
          <input type="file" accept={IMAGE_ACCEPT} className="visually-hidden" aria-describedby={mediaError.leaderboard ? 'cover-error' : undefined} onChange={(e) => void upload('leaderboard', e.target.files?.[0]).finally(() => (e.target.value = ''))} />
        </label>
        {mediaError.leaderboard && (
          <p id="cover-error" className="field-error" role="alert">
            {mediaError.leaderboard}
          </p>
        )}
      </section>
      {advanced && (
        <>
          <section className="media-block" aria-labelledby="photos-heading">
            <h2 id="photos-heading">{t('photos')}</h2>
            <ul className="thumbs">
              {media.media
                .filter((m) => m.kind === 'beneficiary')
                .map((m, i) => (
                  <li key={m.id}>
                    <Picture src={imageOf(m)} alt={t('photoAlt', { n: i + 1 })} width={160} height={90} />
                    <button type="button" className="btn btn-secondary" onClick={() => void removeMedia(m)}>
                      {t('remove')}
                    </button>
                  </li>
                ))}
            </ul>
            <label className="btn btn-secondary file-button">
              {uploading === 'beneficiary' ? t('uploading') : t('addPhoto')}
              <input type="file" accept={IMAGE_ACCEPT} className="visually-hidden" onChange={(e) => void upload('beneficiary', e.target.files?.[0]).finally(() => (e.target.value = ''))} />
            </label>
            {mediaError.beneficiary && (
              <p className="field-error" role="alert">
                {mediaError.beneficiary}
              </p>
            )}
          </section>
          <section className="media-block" aria-labelledby="video-heading">
            <h2 id="video-heading">{t('video')}</h2>
            <Field id="video_url" label={t('videoLabel')} hint={media.media.find((m) => m.kind === 'video') ? t('videoSaved') : undefined} error={mediaError.video || undefined}>
              {(c) => <input {...c} type="url" inputMode="url" dir="ltr" placeholder="https://www.youtube.com/watch?v=…" {...form.register('video_url')} />}
            </Field>
            <button type="button" className="btn btn-secondary" onClick={() => void saveVideo()}>
              {t('saveVideo')}
            </button>
          </section>
        </>
      )}
    </>
  );
}
