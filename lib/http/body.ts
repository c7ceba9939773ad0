// Request bodies are read with a cap: a body over the limit is refused (413) before it is buffered whole.
import { ApiError } from './errors';
import { JSON_BODY_MAX_BYTES } from '../constants/security/limits';

export const payloadTooLarge = () => new ApiError('payload_too_large', 'The request is too large');

/** Reads at most `limit` bytes of the body; a bigger body throws `tooLarge()` without being read in full. */
export async function readBodyCapped(request: Request, limit: number, tooLarge: () => Error = payloadTooLarge): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) throw tooLarge();
  if (!request.body) return new Uint8Array(new ArrayBuffer(0));
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  const body = new Uint8Array(new ArrayBuffer(total));
  let at = 0;
  for (const c of chunks) {
    body.set(c, at);
    at += c.byteLength;
  }
  return body;
}

/** The body as text, at most JSON_BODY_MAX_BYTES (webhooks keep the raw text for their signatures). */
export async function readBodyText(request: Request, limit = JSON_BODY_MAX_BYTES): Promise<string> {
  return new TextDecoder().decode(await readBodyCapped(request, limit));
}
