// A reviewer compares a live fundraiser's public words with the proposed ones, word by word (jsdiff).
// Story HTML is read as text in which every link shows where it goes and every picture its address: a changed link
// target or picture is a change, even when the words around it are not.
import { diffWords } from 'diff';
import { REVIEW_DIFF_TIMEOUT_MS } from '../constants/fundraisers';
import { htmlToText } from './sanitize';

export interface DiffPart {
  kind: 'same' | 'removed' | 'added';
  text: string;
}

/** Word-level changes from `before` to `after`; a diff too slow to finish shows all of one replaced by the other. */
export function wordDiff(before: string, after: string): DiffPart[] {
  const changes = diffWords(before, after, { timeout: REVIEW_DIFF_TIMEOUT_MS });
  if (!changes) return [...(before ? [{ kind: 'removed' as const, text: before }] : []), ...(after ? [{ kind: 'added' as const, text: after }] : [])];
  return changes.map((c) => ({ kind: c.added ? 'added' : c.removed ? 'removed' : 'same', text: c.value }));
}

// stored stories are sanitised: attributes are double-quoted and escaped
const LINK = /<a\b[^>]*?\bhref="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi;
const PICTURE = /<img\b[^>]*?\bsrc="([^"]*)"[^>]*>/gi;

/** The story as a reviewer reads it: its text, each link followed by its address, each picture as `[label: address]`. */
export function storyTextForReview(html: string, pictureLabel: string): string {
  return htmlToText(html.replace(LINK, (_m, href: string, text: string) => `${text} (${href})`).replace(PICTURE, (_m, src: string) => ` [${pictureLabel}: ${src}] `));
}
