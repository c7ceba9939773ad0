// "Similar fundraisers" never shows one titled like the story on screen, nor the same title twice.
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { fundraisers } from '@/lib/db/schema';
import { similarFundraisers } from '@/lib/story/queries';
import { forgetFundraiserCounts } from '@/lib/fundraisers/queries';
import { runningSql } from '@/lib/fundraisers/status-sql';
import { STORY_SIMILAR_COUNT } from '@/lib/constants/story';
import { closeDb } from '../helpers/db';
import { freshDb, makeFundraiser } from '../factories';
import type { Db } from '@/lib/db/client';

let db: Db;
let story: typeof fundraisers.$inferSelect;
beforeAll(async () => {
  db = await freshDb();
  story = await makeFundraiser(db, { title: 'Help Meera walk again' });
  // more running fundraisers of its cause than the list shows, each titled its own way
  for (let k = 0; k < STORY_SIMILAR_COUNT + 2; k++) await makeFundraiser(db, { title: `Another fundraiser of the cause ${k}`, cause_id: story.cause_id, parent_cause_id: story.parent_cause_id, trending_score: k });
});
// other test files share this database on PostgreSQL: the copies go again, and they never carry money
const copies: number[] = [];
afterAll(async () => {
  if (copies.length) await db.delete(fundraisers).where(inArray(fundraisers.id, copies));
  await closeDb();
});

const titleKey = (title: string) => title.trim().replace(/\s+/g, ' ').toLowerCase();

/** A running public copy of `of` with another title, trending above everything the seed made. */
async function copyOf(of: typeof fundraisers.$inferSelect, title: string, trending: number) {
  const { id: _id, search: _search, created_at: _c, updated_at: _u, ...row } = of;
  const [copy] = await db
    .insert(fundraisers)
    .values({ ...row, title, custom_tag: `${of.custom_tag}-copy-${trending}`, trending_score: trending, status_flag: 1, is_private: false, raised_minor: 0, donor_count: 0 })
    .returning();
  copies.push(copy.id);
  return copy;
}

it('leaves out fundraisers titled like the one on screen (in any case or spacing) and shows each title once', async () => {
  // the most trending of its cause would otherwise fill the list: three copies of the story's title, two of another
  await copyOf(story, story.title, 100_001);
  await copyOf(story, story.title.toUpperCase(), 100_002);
  await copyOf(story, `  ${story.title.replace(/ /g, '  ')} `, 100_003);
  await copyOf(story, 'Twice the same other title', 100_004);
  await copyOf(story, 'twice the same other title', 100_005);
  forgetFundraiserCounts();

  const similar = await similarFundraisers(db, story, STORY_SIMILAR_COUNT);
  const keys = similar.map((s) => titleKey(s.title));
  expect(similar.map((s) => s.id)).not.toContain(story.id);
  expect(keys).not.toContain(titleKey(story.title));
  expect(new Set(keys).size).toBe(keys.length);
  expect(keys).toContain('twice the same other title');
  expect(similar.every((s) => s.cause_id === story.cause_id || s.parent_cause_id === story.cause_id)).toBe(true);
});

it('still fills the list when the most trending page is all duplicates', async () => {
  // as many same-titled copies as two full pages, all above the real fundraisers
  for (let k = 0; k < STORY_SIMILAR_COUNT * 4; k++) await copyOf(story, story.title, 200_000 + k);
  const [{ distinct }] = await db
    .select({ distinct: sql<number>`count(distinct lower(regexp_replace(trim(${fundraisers.title}), '\\s+', ' ', 'g')))::int` })
    .from(fundraisers)
    // the running ones: drafts and fundraisers under review (other files' on a shared database) are never offered
    // the story's cause, as a cause or as the parent of one (listings match both: the first story on a shared database may have a parent cause)
    .where(and(or(eq(fundraisers.cause_id, story.cause_id), eq(fundraisers.parent_cause_id, story.cause_id)), eq(fundraisers.is_private, false), runningSql(new Date())));
  const similar = await similarFundraisers(db, story, STORY_SIMILAR_COUNT);
  // every distinct title of the cause but the story's own, up to the count shown
  expect(similar).toHaveLength(Math.min(STORY_SIMILAR_COUNT, distinct - 1));
  expect(similar.map((s) => titleKey(s.title))).not.toContain(titleKey(story.title));
});
