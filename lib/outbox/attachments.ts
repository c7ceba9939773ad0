// Email attachments by reference: the outbox keeps which file an email carries (a kind and a key, e.g. an order's 80G
// receipt) in its attachments column, not its bytes, and the sender renders the file when it sends.
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

/** The references as stored: only well-formed ones (the column is ours, but a hand-edited row must not break a send). */
export function storedAttachmentRefs(value: unknown): AttachmentRef[] {
  return Array.isArray(value) ? value.filter((r): r is AttachmentRef => typeof r?.kind === 'string' && typeof r?.key === 'string') : [];
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
