// The draft's pictures, video and proof documents: what is stored, what is uploading, and why an upload failed.
import { useState } from 'react';
import { useTranslations } from 'next-intl';
import type { ProofDocumentKind } from '@/lib/constants/fundraisers';
import type { DraftMedia, DraftView } from '@/lib/fundraisers/draft-view';
import type { ProofDocumentView } from '@/lib/fundraisers/proof';
import { sendToApi } from '@/components/auth/client-session';
import { uploadFundraiserImage, uploadProofDocument } from '@/components/forms/image-file';

interface Options {
  /** the saved draft: uploads need one (signed in) */
  draft: DraftView | null;
  /** the draft the page was opened with */
  initialDraft: DraftView | null;
  videoUrl: () => string;
  /** a document added answers the step's "please add" message */
  onDocumentAdded: () => void;
}

export function useWizardMedia({ draft, initialDraft, videoUrl, onDocumentAdded }: Options) {
  const t = useTranslations('Wizard');
  const [media, setMedia] = useState<DraftMedia[]>(initialDraft?.media ?? []);
  const [documents, setDocuments] = useState<ProofDocumentView[]>(initialDraft?.documents ?? []);
  const [mediaError, setMediaError] = useState<Record<string, string>>({});
  const [uploading, setUploading] = useState<string | null>(null);

  async function upload(kind: 'leaderboard' | 'beneficiary' | 'editor', file: File | undefined): Promise<DraftMedia | null> {
    if (!file || !draft) return null;
    setMediaError((e) => ({ ...e, [kind]: '' }));
    setUploading(kind);
    const r = await uploadFundraiserImage(draft.id, kind, file, t('failed'));
    setUploading(null);
    if ('error' in r) {
      setMediaError((e) => ({ ...e, [kind]: r.error }));
      return null;
    }
    setMedia((list) => [...(kind === 'leaderboard' ? list.filter((m) => m.kind !== 'leaderboard') : list), r.media]);
    return r.media;
  }

  async function uploadDocument(kind: ProofDocumentKind, file: File | undefined) {
    if (!file || !draft) return;
    setMediaError((e) => ({ ...e, [kind]: '' }));
    setUploading(kind);
    const r = await uploadProofDocument(draft.id, kind, file, t('failed'));
    setUploading(null);
    if ('error' in r) return setMediaError((e) => ({ ...e, [kind]: r.error }));
    setDocuments((list) => [...list.filter((d) => d.kind !== kind), r.document]);
    onDocumentAdded();
  }

  async function removeMedia(m: DraftMedia) {
    if (!draft) return;
    const r = await sendToApi('DELETE', `/api/campaigns/${draft.id}/media/item/${m.id}`);
    if (r.ok) setMedia((list) => list.filter((x) => x.id !== m.id));
    else setMediaError((e) => ({ ...e, [m.kind]: r.error.message ?? t('failed') }));
  }

  async function saveVideo() {
    if (!draft) return;
    const r = await sendToApi<DraftMedia>('POST', `/api/campaigns/${draft.id}/youtube`, { url: videoUrl() });
    if (!r.ok) return setMediaError((e) => ({ ...e, video: r.error.fields?.url ?? r.error.message ?? t('failed') }));
    setMediaError((e) => ({ ...e, video: '' }));
    setMedia((list) => [...list.filter((m) => m.kind !== 'video'), r.data]);
  }

  /** after a save: the server's list is the one to show */
  function takeSaved(saved: DraftView) {
    setMedia(saved.media ?? []);
    setDocuments(saved.documents);
  }

  const cover = media.find((m) => m.kind === 'leaderboard');
  return { media, documents, cover, mediaError, uploading, upload, uploadDocument, removeMedia, saveVideo, takeSaved };
}

export type WizardMedia = ReturnType<typeof useWizardMedia>;
