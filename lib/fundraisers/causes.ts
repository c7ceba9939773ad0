// The cause tree of spec 3/9 for filters and the home page (children of personal/medical 20, NGO 48 and creative 49).
import { asc, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { causes } from '../db/schema';
import { CAUSE } from '../constants/fundraisers';

export interface CauseOption {
  id: number;
  parent_id: number | null;
  info_1: string;
  /** the key of its name in the Causes messages */
  slug: string;
}

export async function listedCauses(db: DbOrTx): Promise<CauseOption[]> {
  const parents = [CAUSE.personalMedical, CAUSE.ngo, CAUSE.creative];
  return db.select({ id: causes.id, parent_id: causes.parent_id, info_1: causes.info_1, slug: causes.slug }).from(causes).where(inArray(causes.parent_id, parents)).orderBy(asc(causes.parent_id), asc(causes.id));
}
