// A chosen image checked in the browser before it is sent (spec 5: name, size and first bytes); the server checks again.
import type { ProofDocumentKind } from '@/lib/constants/fundraisers';
import { IMAGE_EXTENSIONS, IMAGE_SNIFF_BYTES } from '@/lib/constants/media';
import { imageFileProblem } from '@/lib/validation/images';
import type { DraftMedia } from '@/lib/fundraisers/draft-view';
import type { ProofDocumentView } from '@/lib/fundraisers/proof';
import { sendToApi } from '@/components/auth/client-session';

export const IMAGE_ACCEPT = [...IMAGE_EXTENSIONS.map((e) => `.${e}`), 'image/jpeg', 'image/png', 'image/gif', 'image/bmp'].join(',');

/** The first bytes of a file, through FileReader where Blob.arrayBuffer is missing (older browsers). */
function headOf(file: File): Promise<Uint8Array> {
  const part = file.slice(0, IMAGE_SNIFF_BYTES);
  if (typeof part.arrayBuffer === 'function') return part.arrayBuffer().then((b) => new Uint8Array(b));
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(part);
  });
}

/** spec 5's message for a file that is no acceptable image, or null. */
export async function chosenImageProblem(file: File): Promise<string | null> {
  return imageFileProblem(file, await headOf(file));
}

/** One picture for a fundraiser (cover, beneficiary or in-story): checked here, then sent to its media route. */
export async function uploadFundraiserImage(fundraiserId: number, kind: 'leaderboard' | 'beneficiary' | 'editor', file: File, failed: string): Promise<{ media: DraftMedia } | { error: string }> {
  const problem = await chosenImageProblem(file);
  if (problem) return { error: problem };
  const body = new FormData();
  body.append('file', file);
  const r = await sendToApi<DraftMedia>('POST', `/api/campaigns/${fundraiserId}/media/${kind}`, body);
  return r.ok ? { media: r.data } : { error: r.error.fields?.file ?? r.error.message ?? failed };
}

/** A medical estimate or the beneficiary's ID, checked here, then sent to the draft's private documents. */
export async function uploadProofDocument(fundraiserId: number, kind: ProofDocumentKind, file: File, failed: string): Promise<{ document: ProofDocumentView } | { error: string }> {
  const problem = await chosenImageProblem(file);
  if (problem) return { error: problem };
  const body = new FormData();
  body.append('file', file);
  const r = await sendToApi<ProofDocumentView>('POST', `/api/campaigns/${fundraiserId}/documents/${kind}`, body);
  return r.ok ? { document: r.data } : { error: r.error.fields?.file ?? r.error.message ?? failed };
}
