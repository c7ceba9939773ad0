// The wizard's dock (spec 4 and 7): what a signed-out visitor typed, kept in this browser under dock_data until
// they sign in or sign up; then POST campaigns turns it into their draft and the dock is cleared.
import type { DraftFields, WizardStep } from '@/lib/validation/drafts';
import { postJson } from '@/components/auth/client-session';

export const DOCK_KEY = 'dock_data';

export interface Dock {
  parent_cause_id: number;
  step: WizardStep;
  fields: DraftFields;
  /** the names shown by the pickers (the draft keeps only the ids) */
  names?: { disease?: string; hospital?: string };
  utm?: Record<string, string>;
}

export function readDock(): Dock | null {
  try {
    const dock = JSON.parse(localStorage.getItem(DOCK_KEY) ?? 'null') as Dock | null;
    return dock && typeof dock.parent_cause_id === 'number' && dock.fields && typeof dock.fields === 'object' ? dock : null;
  } catch {
    return null;
  }
}

export function writeDock(dock: Dock): void {
  try {
    localStorage.setItem(DOCK_KEY, JSON.stringify(dock));
  } catch {
    // private mode: the visitor is asked to sign in sooner, nothing else breaks
  }
}

export function clearDock(): void {
  try {
    localStorage.removeItem(DOCK_KEY);
  } catch {
    // nothing stored
  }
}

/** After sign-in: the dock becomes the user's draft (POST campaigns from the dock). Returns its id, or null when there was none. */
export async function saveDockAsDraft(): Promise<{ id: number } | null> {
  const dock = readDock();
  if (!dock) return null;
  const r = await postJson<{ id: number }>('/api/campaigns', { parent_cause_id: dock.parent_cause_id, dock: { ...dock.fields, step: dock.step }, ...(dock.utm ? { utm: dock.utm } : {}) });
  // a dock the server refuses (an old or edited one) is not kept forever: the visitor starts again from their draft list
  if (r.ok || (r.status >= 400 && r.status < 500 && r.status !== 401)) clearDock();
  return r.ok ? { id: r.data.id } : null;
}
