// The campaigner's dashboard for one fundraiser: raised of goal, donors, visits, share clicks, days
// left, its stage, and what was given on each of the last 30 days (India's calendar), from the ledger.
import { and, count, eq, gte, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { fundraisers, ledgerEntries, systemEvents } from '../db/schema';
import { DASHBOARD_CHART_DAYS } from '../constants/dashboard';
import { SHARE_EVENT, VISIT_EVENT } from '../constants/story';
import { DAY_MS, INDIA_TIME_ZONE } from '../constants/time';
import { indianDayOf } from '../validation/drafts';
import { fundraiserAccounts } from '../payments/ledger';
import { daysLeft, fundraiserStage, type FundraiserStage } from './status';
import { progressPercent } from './rules';

export interface DashboardDay {
  /** YYYY-MM-DD in India */
  day: string;
  amount_minor: number;
  donations: number;
}

export interface Dashboard {
  id: number;
  title: string;
  custom_tag: string;
  /** what the share message says after the title */
  short_description: string | null;
  stage: FundraiserStage;
  currency: string;
  raised_minor: number;
  goal_minor: number;
  progress_percent: number;
  donors: number;
  visits: number;
  shares: number;
  days_left: number | null;
  end_date: string | null;
  days: DashboardDay[];
}

async function eventCount(db: DbOrTx, fundraiserId: number, name: string): Promise<number> {
  const [r] = await db
    .select({ n: count() })
    .from(systemEvents)
    .where(and(eq(systemEvents.event_name, name), eq(systemEvents.event_type, 'fundraiser'), eq(systemEvents.event_type_id, String(fundraiserId))));
  return r?.n ?? 0;
}

/** The last `DASHBOARD_CHART_DAYS` days ending today, every day present (a day without gifts is a zero, not a gap). */
export async function donationsPerDay(db: DbOrTx, fundraiserId: number, now = new Date()): Promise<DashboardDay[]> {
  const from = new Date(now.getTime() - DASHBOARD_CHART_DAYS * DAY_MS);
  // the zone is our constant, written into the SQL so the select and the group by are the same expression
  const day = sql<string>`to_char(${ledgerEntries.created_at} at time zone ${sql.raw(`'${INDIA_TIME_ZONE}'`)}, 'YYYY-MM-DD')`;
  const rows = await db
    .select({ day, amount: sql<string>`sum(${ledgerEntries.amount_minor})`, donations: sql<string>`count(*) filter (where ${ledgerEntries.kind} = 'donation')` })
    .from(ledgerEntries)
    .where(and(inArray(ledgerEntries.account, fundraiserAccounts(fundraiserId)), inArray(ledgerEntries.kind, ['donation', 'coupon', 'refund']), gte(ledgerEntries.created_at, from)))
    .groupBy(day);
  const byDay = new Map(rows.map((r) => [r.day, r]));
  return Array.from({ length: DASHBOARD_CHART_DAYS }, (_, i) => {
    const d = indianDayOf(new Date(now.getTime() - (DASHBOARD_CHART_DAYS - 1 - i) * DAY_MS));
    const r = byDay.get(d);
    return { day: d, amount_minor: Number(r?.amount ?? 0), donations: Number(r?.donations ?? 0) };
  });
}

export async function dashboardOf(db: DbOrTx, fundraiserId: number, now = new Date()): Promise<Dashboard | null> {
  const [f] = await db.select().from(fundraisers).where(eq(fundraisers.id, fundraiserId));
  if (!f) return null;
  const [visits, shares, days] = await Promise.all([eventCount(db, f.id, VISIT_EVENT), eventCount(db, f.id, SHARE_EVENT), donationsPerDay(db, f.id, now)]);
  return {
    id: f.id,
    title: f.title,
    custom_tag: f.custom_tag,
    short_description: f.short_description,
    stage: fundraiserStage(f, now),
    currency: f.currency,
    raised_minor: f.raised_minor,
    goal_minor: f.goal_minor,
    progress_percent: progressPercent(f.raised_minor, f.goal_minor),
    donors: f.donor_count,
    visits,
    shares,
    days_left: daysLeft(f, now),
    end_date: f.end_date ? indianDayOf(f.end_date) : null,
    days,
  };
}
