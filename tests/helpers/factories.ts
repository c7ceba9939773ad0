// Factories: tests create the people and fundraisers they need through the product's own functions, on the
// reference data every database has (causes, rates), without reading the demo seed.
import type { Db } from '@/lib/db/client';
import { fundraisers } from '@/lib/db/schema';
import { seedReference } from '@/lib/db/seed';
import { createUser } from '@/lib/auth/accounts';
import { CAUSE, DAY_MS } from '@/lib/constants';
import { FUNDRAISER_STATUS } from '@/lib/fundraisers/status';

const run = Date.now().toString(36);
let seq = 0;

export async function referenceData(db: Db): Promise<void> {
  await seedReference(db);
}

export async function makeUser(db: Db, name = 'Test Person') {
  return createUser(db, { full_name: name, email: `${name.toLowerCase().replace(/\W+/g, '.')}.${run}.${++seq}@example.com` });
}

/** A running public rupee fundraiser of a new campaigner unless the values say otherwise. */
export async function makeFundraiser(db: Db, values: Partial<typeof fundraisers.$inferInsert> = {}) {
  await referenceData(db);
  const campaigner_id = values.campaigner_id ?? (await makeUser(db, 'Test Campaigner')).id;
  const n = ++seq;
  const [f] = await db
    .insert(fundraisers)
    .values({
      custom_tag: `test-${run}-${n}`,
      title: `Test fundraiser ${run} ${n}`,
      status_flag: FUNDRAISER_STATUS.live,
      end_date: new Date(Date.now() + 30 * DAY_MS),
      currency: 'INR',
      goal_minor: 10_000_000,
      cause_id: CAUSE.personalMedical,
      parent_cause_id: CAUSE.personalMedical,
      ...values,
      campaigner_id,
    })
    .returning();
  return f;
}
