// spec 4-5: the home page's "Success stories" are fundraisers that finished above the success ratio.
import { isValidElement, type ReactElement, type ReactNode } from 'react';
import { and, eq, gt, sql } from 'drizzle-orm';
import { createTranslator } from 'next-intl';
import en from '@/messages/en.json';
import { fundraisers } from '@/lib/db/schema';
import { forgetFundraiserCounts, type FundraiserSummary } from '@/lib/fundraisers/queries';
import { isSuccessfullyFunded } from '@/lib/fundraisers/rules';
import { daysLeft, isFundraiserEnded } from '@/lib/fundraisers/status';
import { SUCCESSFUL_FUNDING_RATIO } from '@/lib/constants/fundraisers';
import { HOME_SECTION_COUNT } from '@/lib/constants/listing';
import { DAY_MS } from '@/lib/constants/time';
import { closeDb } from '../helpers/db';
import { freshDb, makeFundraiser } from '../factories';
import type { Db } from '@/lib/db/client';

jest.mock('next-intl/server', () => ({
  getTranslations: async (namespace: string) => createTranslator({ locale: 'en', messages: en, namespace: namespace as never }),
  setRequestLocale: () => {},
}));
jest.mock('@/i18n/navigation', () => ({ Link: ({ children }: { children: ReactNode }) => children }));
// the page's cached reads, read straight from the database
jest.mock('next/cache', () => ({ unstable_cache: (fn: unknown) => fn }));

/* eslint-disable @typescript-eslint/no-require-imports -- after the mocks above */
const { default: HomePage } = require('@/app/[site]/[locale]/(main)/page') as typeof import('@/app/[site]/[locale]/(main)/page');
const { FundraiserSection } = require('@/components/fundraiser/FundraiserSection') as typeof import('@/components/fundraiser/FundraiserSection');
/* eslint-enable @typescript-eslint/no-require-imports */

let db: Db;
beforeAll(async () => {
  db = await freshDb();
  // the public running fundraisers the cases turn into (or keep from being) success stories
  for (let k = 0; k < 4; k++) await makeFundraiser(db);
});
// other test files share this database on PostgreSQL (raised totals must match the ledger): every row changed here is put back
const originals = new Map<number, typeof fundraisers.$inferSelect>();
async function changing(...rows: (typeof fundraisers.$inferSelect)[]) {
  for (const r of rows) if (!originals.has(r.id)) originals.set(r.id, r);
}
afterAll(async () => {
  for (const r of originals.values()) {
    await db.update(fundraisers).set({ raised_minor: r.raised_minor, goal_minor: r.goal_minor, is_success_story: r.is_success_story, trending_score: r.trending_score, end_date: r.end_date, status_flag: r.status_flag }).where(eq(fundraisers.id, r.id));
  }
  await closeDb();
});

function elements(node: ReactNode): ReactElement<Record<string, unknown>>[] {
  if (Array.isArray(node)) return node.flatMap(elements);
  if (!isValidElement<Record<string, unknown>>(node)) return [];
  return [node, ...elements(node.props.children as ReactNode)];
}

async function homeSuccessStories(): Promise<FundraiserSummary[]> {
  forgetFundraiserCounts();
  const page = await HomePage({ params: Promise.resolve({ site: 'localhost', locale: 'en' }) });
  const section = elements(page).find((e) => e.type === FundraiserSection && e.props.id === 'success');
  return (section?.props.fundraisers ?? []) as FundraiserSummary[];
}

const publicRunning = () =>
  db.select().from(fundraisers).where(and(eq(fundraisers.is_private, false), eq(fundraisers.status_flag, 1), gt(fundraisers.end_date, sql`now()`), gt(fundraisers.goal_minor, 0))).orderBy(fundraisers.id);

it('shows ended fundraisers above the success ratio, never running ones with days left or a stale flag', async () => {
  const [running, endedByDate, endedByStatus, staleFlag] = await publicRunning();
  await changing(running, endedByDate, endedByStatus, staleFlag);
  const now = Date.now();
  const above = (goal: number) => Math.ceil(goal * (SUCCESSFUL_FUNDING_RATIO + 0.1));
  // all four trend above every seeded fundraiser, so each would be on the home page if it qualified
  await db.update(fundraisers).set({ raised_minor: above(running.goal_minor), is_success_story: true, trending_score: 900_001 }).where(eq(fundraisers.id, running.id));
  await db.update(fundraisers).set({ raised_minor: above(endedByDate.goal_minor), is_success_story: false, end_date: new Date(now - 3 * DAY_MS), trending_score: 900_002 }).where(eq(fundraisers.id, endedByDate.id));
  await db.update(fundraisers).set({ raised_minor: above(endedByStatus.goal_minor), is_success_story: false, status_flag: 4, trending_score: 900_003 }).where(eq(fundraisers.id, endedByStatus.id));
  await db.update(fundraisers).set({ raised_minor: Math.floor(staleFlag.goal_minor * 0.3), is_success_story: true, status_flag: 4, trending_score: 900_004 }).where(eq(fundraisers.id, staleFlag.id));

  const success = await homeSuccessStories();
  const ids = success.map((f) => f.id);
  expect(ids).toEqual(expect.arrayContaining([endedByDate.id, endedByStatus.id]));
  expect(ids).not.toContain(running.id);
  expect(ids).not.toContain(staleFlag.id);
  expect(success.length).toBeLessThanOrEqual(HOME_SECTION_COUNT);
  for (const f of success) {
    expect([f.id, isFundraiserEnded(f), daysLeft(f), isSuccessfullyFunded(f.raised_minor, f.goal_minor)]).toEqual([f.id, true, 0, true]);
  }
});

it('a fundraiser exactly at the ratio is not yet a success story (spec 5: above 0.6)', async () => {
  const [f] = await publicRunning();
  await changing(f);
  const goal = 1_000_000;
  await db.update(fundraisers).set({ goal_minor: goal, raised_minor: goal * SUCCESSFUL_FUNDING_RATIO, status_flag: 4, trending_score: 950_000 }).where(eq(fundraisers.id, f.id));
  expect((await homeSuccessStories()).map((s) => s.id)).not.toContain(f.id);
  await db.update(fundraisers).set({ raised_minor: goal * SUCCESSFUL_FUNDING_RATIO + 1 }).where(eq(fundraisers.id, f.id));
  expect((await homeSuccessStories()).map((s) => s.id)).toContain(f.id);
});
