// The documents step (medical, signed in, with a draft): the proof reviewers check, never shown to the public.
import { useTranslations } from 'next-intl';
import { PROOF_DOCUMENT_KINDS } from '@/lib/constants/fundraisers';
import { IMAGE_ACCEPT } from '@/components/forms/image-file';
import type { WizardMedia } from '../use-wizard-media';

export function DocumentsStep({ media }: { media: WizardMedia }) {
  const t = useTranslations('Wizard');
  const { documents, uploading, mediaError, uploadDocument } = media;
  return (
    <>
      <p className="wizard-private-note" data-testid="documents-private">
        {t('documents.private')}
      </p>
      {PROOF_DOCUMENT_KINDS.map((kind) => {
        const d = documents.find((x) => x.kind === kind);
        return (
          <section key={kind} className="media-block" aria-labelledby={`${kind}-heading`}>
            <h2 id={`${kind}-heading`}>{t(`documents.${kind}`)}</h2>
            <p className="muted">{t(`documents.${kind}Hint`)}</p>
            <p className={d ? 'document-added' : 'muted'} data-testid={`${kind}-state`}>
              {d ? t('documents.added') : t('documents.notAdded')}
            </p>
            <label className="btn btn-secondary file-button">
              {uploading === kind ? t('uploading') : d ? t(`documents.${kind}Replace`) : t(`documents.${kind}Add`)}
              <input type="file" accept={IMAGE_ACCEPT} className="visually-hidden" aria-describedby={mediaError[kind] ? `${kind}-error` : undefined} onChange={(e) => void uploadDocument(kind, e.target.files?.[0]).finally(() => (e.target.value = ''))} />
            </label>
            {mediaError[kind] && (
              <p id={`${kind}-error`} className="field-error" role="alert">
                {mediaError[kind]}
              </p>
            )}
          </section>
        );
      })}
    </>
  );
}
