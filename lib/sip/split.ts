// Where a SIP month for a cause goes. One rule, in one place: each cause line is shared equally among the
// SIP_SPLIT_FUNDRAISERS most in need (lowest raised over goal) of the running, public fundraisers of that cause in the
// SIP's currency; a cause with none keeps the money on its cause account (cause:{sip cause}) until one runs.
import { and, asc, eq, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { causes, fundraisers } from '../db/schema';
import { SIP_SPLIT_FUNDRAISERS } from '../constants/sip';
import { runningSql } from '../fundraisers/status-sql';
import type { ChargeLine } from '../payments/ledger';
import type { SipCause } from './rules';

/**
 * Which fundraiser causes (demo/seed.ts CAUSE_TREE, by slug) each SIP cause gives to. medical takes every cause the
 * tree marks medical (spec 9's medical ids). No fundraiser cause fits acid attack survivors, and SIP Protect is the
 * platform's own fund: both stay on their cause accounts.
 */
export const SIP_CAUSE_TARGETS: Record<SipCause, { medical: boolean; slugs: readonly string[] }> = {
  medical: { medical: true, slugs: [] },
  animals: { medical: false, slugs: ['animals'] },
  education: { medical: false, slugs: ['personal-education', 'children'] },
  food_hunger: { medical: false, slugs: ['food-hunger'] },
  elderly: { medical: false, slugs: ['elderly'] },
  women_girls: { medical: false, slugs: ['women-girls'] },
  widow: { medical: false, slugs: ['women-girls'] },
  acid_victims: { medical: false, slugs: [] },
  sip_protect: { medical: false, slugs: [] },
};

const targetsOf = (sipCause: string) => (SIP_CAUSE_TARGETS as Record<string, { medical: boolean; slugs: readonly string[] }>)[sipCause] ?? { medical: false, slugs: [] };

/** amountMinor in `parts` shares that differ by at most one minor unit and add up exactly; the first shares get the remainder. */
export function splitEvenly(amountMinor: number, parts: number): number[] {
  const base = Math.floor(amountMinor / parts);
  const rest = amountMinor - base * parts;
  return Array.from({ length: parts }, (_, i) => base + (i < rest ? 1 : 0));
}

/** The fundraisers a SIP cause gives to now, most in need first. */
export async function fundraisersForSipCause(db: DbOrTx, sipCause: string, currency: string, now: Date): Promise<number[]> {
  const t = targetsOf(sipCause);
  const causeMatch: SQL[] = [];
  if (t.medical) causeMatch.push(eq(causes.is_medical, true));
  if (t.slugs.length) causeMatch.push(inArray(causes.slug, [...t.slugs]));
  if (!causeMatch.length) return [];
  const rows = await db
    .select({ id: fundraisers.id })
    .from(fundraisers)
    .innerJoin(causes, eq(causes.id, fundraisers.cause_id))
    .where(
      and(
        or(...causeMatch),
        runningSql(now),
        eq(fundraisers.is_private, false),
        eq(fundraisers.currency, currency),
        // a supporting fundraiser's money is its parent's already: the parent is the one to reach
        isNull(fundraisers.support_campaign_id),
        sql`${fundraisers.goal_minor} > 0`,
        lt(fundraisers.raised_minor, fundraisers.goal_minor),
      ),
    )
    .orderBy(sql`${fundraisers.raised_minor}::numeric / ${fundraisers.goal_minor}`, asc(fundraisers.id))
    .limit(SIP_SPLIT_FUNDRAISERS);
  return rows.map((r) => r.id);
}

/**
 * A month's lines with each cause line split into fundraiser lines (sip_cause kept on them: the impact report names the
 * cause). Lines for the same account are merged (the ledger holds one line per account per charge), and fundraiser lines
 * come in ascending id: concurrent charges then lock fundraisers' totals in one order and never deadlock.
 */
export async function splitSipLines(db: DbOrTx, lines: ChargeLine[], opts: { currency: string; now: Date }): Promise<ChargeLine[]> {
  const out: ChargeLine[] = [];
  for (const line of lines) {
    if (line.fundraiser_id || !line.sip_cause) {
      out.push({ ...line });
      continue;
    }
    const ids = await fundraisersForSipCause(db, line.sip_cause, opts.currency, opts.now);
    // never a zero share: a tiny amount reaches fewer fundraisers
    const reached = ids.slice(0, Math.min(ids.length, line.amount_minor));
    if (!reached.length) {
      out.push({ ...line });
      continue;
    }
    const shares = splitEvenly(line.amount_minor, reached.length);
    // same currency as the SIP: what is charged is what is credited
    reached.forEach((id, i) => out.push({ sip_cause: line.sip_cause, fundraiser_id: id, amount_minor: shares[i], credited_minor: shares[i] }));
  }
  return mergeByAccount(out);
}

function mergeByAccount(lines: ChargeLine[]): ChargeLine[] {
  const byKey = new Map<string, ChargeLine>();
  for (const l of lines) {
    const key = l.fundraiser_id ? `f:${l.fundraiser_id}` : `c:${l.sip_cause}`;
    const seen = byKey.get(key);
    if (!seen) {
      byKey.set(key, { ...l });
      continue;
    }
    seen.amount_minor += l.amount_minor;
    // a line not yet converted to the fundraiser's currency leaves the sum to be converted whole when the charge is placed
    seen.credited_minor = seen.credited_minor !== undefined && l.credited_minor !== undefined ? seen.credited_minor + l.credited_minor : undefined;
  }
  const merged = [...byKey.values()];
  return [...merged.filter((l) => l.fundraiser_id).sort((a, b) => a.fundraiser_id! - b.fundraiser_id!), ...merged.filter((l) => !l.fundraiser_id)];
}
