// status.ts's rules as SQL conditions on the fundraisers table, for lists, counts and sitemaps.
import { and, eq, gt, inArray, isNotNull, isNull, lte, or, type SQL } from 'drizzle-orm';
import { fundraisers } from '../db/schema';
import { FUNDRAISER_STATUS, PUBLISHED_FLAGS, RUNNING_FLAGS } from './status';

export const publishedSql = (): SQL => inArray(fundraisers.status_flag, [...PUBLISHED_FLAGS]);

export const runningSql = (now: Date): SQL =>
  and(inArray(fundraisers.status_flag, [...RUNNING_FLAGS]), or(isNull(fundraisers.end_date), gt(fundraisers.end_date, now)))!;

export const endedSql = (now: Date): SQL =>
  or(eq(fundraisers.status_flag, FUNDRAISER_STATUS.ended), and(inArray(fundraisers.status_flag, [...RUNNING_FLAGS]), isNotNull(fundraisers.end_date), lte(fundraisers.end_date, now)))!;
