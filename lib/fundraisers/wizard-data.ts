// What the wizard page needs from the server: the cause lists of its variant, the user's drafts, and the
// draft being edited (the one asked for if the user may see it, else their latest unfinished one on the form step).
import 'server-only';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { users } from '../db/schema';
import { CAUSE, FUNDRAISER_MAX_DAYS } from '../constants/fundraisers';
import { DAY_MS } from '../constants/time';
import { can } from '../permissions/can';
import { indianDayOf } from '../validation/drafts';
import { childCauses, type CauseItem } from './lists';
import { draftView, listDrafts, type DraftView } from './draft-view';
import type { CauseGroup, WizardVariant } from './wizard';

export interface WizardData {
  causes: Record<CauseGroup, CauseItem[]>;
  isFos: boolean;
  draft: DraftView | null;
  drafts: DraftView[];
  dates: { min: string; max: string };
}

export async function wizardData(db: DbOrTx, user: { id: number } | null, variant: WizardVariant, draftId: number | null, now = new Date()): Promise<WizardData> {
  const [profile] = user ? await db.select({ is_fos: users.is_fos, is_hospital: users.is_hospital }).from(users).where(eq(users.id, user.id)) : [];
  const [medical, personal, ngo, creative] = await Promise.all([
    // 160 is offered to hospital users only (spec 9's all-medical list)
    childCauses(db, CAUSE.personalMedical, profile?.is_hospital ? 'all_medical' : 'medical'),
    childCauses(db, CAUSE.personalMedical, 'other'),
    childCauses(db, CAUSE.ngo),
    childCauses(db, CAUSE.creative),
  ]);
  let draft: DraftView | null = null;
  let drafts: DraftView[] = [];
  if (user) {
    drafts = (await listDrafts(db, user, { underReview: true })).sort((a, b) => b.updated_at.localeCompare(a.updated_at));
    if (draftId && (await can(db, user, 'fundraiser.view', { kind: 'fundraiser', id: draftId }))) draft = await draftView(db, draftId, { withMedia: true });
    else if (variant.inSteps && !draftId) {
      const latest = drafts.find((d) => d.status === 'draft' || d.status === 'rejected');
      draft = latest ? await draftView(db, latest.id, { withMedia: true }) : null;
    }
  }
  return {
    causes: { medical, personal, ngo, creative },
    isFos: Boolean(profile?.is_fos),
    draft,
    drafts,
    dates: { min: indianDayOf(new Date(now.getTime() + DAY_MS)), max: indianDayOf(new Date(now.getTime() + FUNDRAISER_MAX_DAYS * DAY_MS)) },
  };
}
