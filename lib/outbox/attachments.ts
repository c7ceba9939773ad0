// Email attachments by reference: the outbox keeps which file an email carries (a kind and a key, e.g. an order's 80G
// receipt), not its bytes, and the sender renders the file when it sends. The outbox table has no column for them, so
// the references ride in the stored HTML part as a comment, which the sender takes out before the email leaves.
import type { DbOrTx } from '../db/client';

export interface AttachmentRef {
  /** which renderer makes the file (registered by its domain in lib/reactions.ts) */
  kind: string;
  /** what it is made of, e.g. an order id */
  key: string;
}

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export type AttachmentRenderer = (db: DbOrTx, key: string) => Promise<MailAttachment | null>;

// one registry per process, whichever copy of this module sends
const REGISTRY_KEY = Symbol.for('sahyog.outbox.attachments');
type WithRegistry = typeof globalThis & { [REGISTRY_KEY]?: Map<string, AttachmentRenderer> };
const registry = ((globalThis as WithRegistry)[REGISTRY_KEY] ??= new Map<string, AttachmentRenderer>());

export function registerAttachmentRenderer(kind: string, render: AttachmentRenderer): void {
  registry.set(kind, render);
}

const MARK = /<!--outbox-attachments:(\[[^>]*\])-->/;

/** The stored HTML part with the references kept in it. */
export function withAttachmentRefs(html: string, refs: AttachmentRef[]): string {
  // JSON of kinds and ids holds no '-->' that would end the comment early
  return refs.length ? `${html}<!--outbox-attachments:${JSON.stringify(refs).replace(/-->/g, '')}-->` : html;
}

/** The HTML part as it is sent (the references taken out) and the references it carried. */
export function takeAttachmentRefs(html: string | null): { html: string | null; refs: AttachmentRef[] } {
  const found = html ? MARK.exec(html) : null;
  if (!html || !found) return { html, refs: [] };
  let refs: AttachmentRef[] = [];
  try {
    const parsed: unknown = JSON.parse(found[1]);
    if (Array.isArray(parsed)) refs = parsed.filter((r): r is AttachmentRef => typeof r?.kind === 'string' && typeof r?.key === 'string');
  } catch {
    refs = [];
  }
  return { html: html.replace(MARK, ''), refs };
}

/** The files an email carries, rendered now; a kind nobody registered fails the send (it is tried again later). */
export async function renderAttachments(db: DbOrTx, refs: AttachmentRef[]): Promise<MailAttachment[]> {
  const files: MailAttachment[] = [];
  for (const ref of refs) {
    const render = registry.get(ref.kind);
    if (!render) throw new Error(`No attachment renderer is registered for ${ref.kind}: load lib/reactions.ts at start-up`);
    const file = await render(db, ref.key);
    if (file) files.push(file);
  }
  return files;
}
