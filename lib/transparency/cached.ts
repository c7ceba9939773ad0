// The transparency report, worked out once a day on each server (it reads the whole ledger), between requests.
import { unstable_cache } from 'next/cache';
import { getDb } from '../db/client';
import { TRANSPARENCY_REVALIDATE_S } from '../constants/transparency';
import { transparencyReport } from './report';

export const cachedTransparencyReport = unstable_cache(async () => transparencyReport(await getDb()), ['transparency-report'], { revalidate: TRANSPARENCY_REVALIDATE_S });
