// What a donor typed on the payment form, kept while they are at the gateway so a failed payment comes back
// to the form with all of it. In this tab's sessionStorage, not on the server: it never leaves the donor's device, no
// link or order id can show it to anyone else, and it is gone when the tab closes. Never a card (the gateway's page
// takes that), a PAN or a bank account.
import type { PaymentOption } from '@/lib/payments/options';

const PREFIX = 'sahyog:gift:';

export interface GiftDraft {
  donated_amount: number;
  currency: string;
  /** the amount as typed in "Other amount" ('' when a preset chip holds it) */
  otherAmount: string;
  donor_name: string;
  donor_email: string;
  donor_extension: string;
  donor_phone: string;
  donor_pincode: string;
  is_anonymous: '0' | '1';
  tipPercent: number;
  mode: PaymentOption;
  vpa: string;
  reward_id: number | null;
}

const STRINGS = ['currency', 'otherAmount', 'donor_name', 'donor_email', 'donor_extension', 'donor_phone', 'donor_pincode', 'mode', 'vpa'] as const;

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    // storage refused (a private mode, a sandboxed frame): the form simply starts empty
    return null;
  }
}

export function keepGiftDraft(fundraiserId: number, draft: GiftDraft): void {
  try {
    storage()?.setItem(PREFIX + fundraiserId, JSON.stringify(draft));
  } catch {
    // full or refused: nothing kept, nothing broken
  }
}

/** The draft this tab kept for this fundraiser, or null (none, or not one of ours). */
export function readGiftDraft(fundraiserId: number): GiftDraft | null {
  try {
    const raw = storage()?.getItem(PREFIX + fundraiserId);
    if (!raw) return null;
    const d = JSON.parse(raw) as Record<string, unknown>;
    if (typeof d !== 'object' || d === null || !STRINGS.every((k) => typeof d[k] === 'string')) return null;
    if (typeof d.donated_amount !== 'number' || typeof d.tipPercent !== 'number' || (d.is_anonymous !== '0' && d.is_anonymous !== '1')) return null;
    return { ...(d as unknown as GiftDraft), reward_id: typeof d.reward_id === 'number' ? d.reward_id : null };
  } catch {
    return null;
  }
}

/** A paid gift needs nothing kept (the thank-you page calls this). */
export function forgetGiftDrafts(): void {
  const s = storage();
  if (!s) return;
  for (const key of Object.keys(s)) if (key.startsWith(PREFIX)) s.removeItem(key);
}
