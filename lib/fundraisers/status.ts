// A fundraiser's life, named once: written as a draft, sent for review, then public (running until it ends).
// Stored and served as the spec's numeric status_flag; every rule about "ended", "public" or "takes donations"
// lives here (status-sql.ts says the same to the database for lists). Pure, so client code may use it too.
import { DAY_MS } from '../constants/time';

/** The spec's status_flag values (1, 4, 5) and ours for the stages before publication (never served publicly). */
export const FUNDRAISER_STATUS = {
  draft: 0,
  live: 1,
  underReview: 2,
  rejected: 3,
  ended: 4,
  // spec 4: a second running flag; the spec gives it no other meaning, so it behaves exactly as live
  liveAlt: 5,
} as const;
export type FundraiserStatusFlag = (typeof FUNDRAISER_STATUS)[keyof typeof FUNDRAISER_STATUS];

export type FundraiserStage = 'draft' | 'under_review' | 'rejected' | 'running' | 'ended';

export const RUNNING_FLAGS: readonly number[] = [FUNDRAISER_STATUS.live, FUNDRAISER_STATUS.liveAlt];
/** Published: anyone may see it (subject to its PIN when private); drafts, reviews and rejections are the campaigner's. */
export const PUBLISHED_FLAGS: readonly number[] = [...RUNNING_FLAGS, FUNDRAISER_STATUS.ended];

export interface StatusOf {
  status_flag: number;
  end_date: Date | string | null;
}

const endPassed = (f: StatusOf, now: Date) => f.end_date !== null && new Date(f.end_date).getTime() <= now.getTime();

/** The one answer to "where is this fundraiser in its life". */
export function fundraiserStage(f: StatusOf, now: Date = new Date()): FundraiserStage {
  switch (f.status_flag) {
    case FUNDRAISER_STATUS.draft:
      return 'draft';
    case FUNDRAISER_STATUS.underReview:
      return 'under_review';
    case FUNDRAISER_STATUS.rejected:
      return 'rejected';
    case FUNDRAISER_STATUS.ended:
      return 'ended';
    default:
      // spec 4: running flags end when the end date is past; an unknown flag is never treated as public
      if (!RUNNING_FLAGS.includes(f.status_flag)) return 'draft';
      return endPassed(f, now) ? 'ended' : 'running';
  }
}

export const isFundraiserPublished = (f: Pick<StatusOf, 'status_flag'>): boolean => PUBLISHED_FLAGS.includes(f.status_flag);

// spec 4: ended when the end date is past or status_flag is 4 (ended fundraisers hide Contribute)
export const isFundraiserEnded = (f: StatusOf, now: Date = new Date()): boolean => fundraiserStage(f, now) === 'ended';

/** Only a running, published fundraiser takes money: never a draft, one under review, a rejected or an ended one. */
export const acceptsDonations = (f: StatusOf, now: Date = new Date()): boolean => fundraiserStage(f, now) === 'running';

/** Whole days left (rounded up), 0 once ended, null without an end date. */
export function daysLeft(f: StatusOf, now: Date = new Date()): number | null {
  if (fundraiserStage(f, now) !== 'running') return 0;
  if (!f.end_date) return null;
  return Math.max(0, Math.ceil((new Date(f.end_date).getTime() - now.getTime()) / DAY_MS));
}
