// Visitors' LCP, INP and CLS kept one row per report (page type, never the URL or the visitor) for the transparency
// page's field percentiles; the daily job removes what is older than it looks at.
import { lt } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { vitalSamples } from '../db/schema';
import { pageKind } from '../observability/metrics';
import { TRANSPARENCY_VITALS, VITAL_SAMPLES_KEEP_DAYS } from '../constants/transparency';
import { DAY_MS } from '../constants/time';
import type { WebVitalsBeacon } from '../validation/web-vitals';

export async function keepVitalSamples(db: DbOrTx, beacon: WebVitalsBeacon): Promise<void> {
  const page = pageKind(beacon.path.split('?', 1)[0]);
  const rows = beacon.metrics.filter((m) => m.name in TRANSPARENCY_VITALS).map((m) => ({ page_type: page, metric: m.name, value: m.value }));
  if (rows.length) await db.insert(vitalSamples).values(rows);
}

/** Removes samples older than the page looks at; answers how many went. */
export async function pruneVitalSamples(db: DbOrTx, now = new Date()): Promise<number> {
  const gone = await db.delete(vitalSamples).where(lt(vitalSamples.at, new Date(now.getTime() - VITAL_SAMPLES_KEEP_DAYS * DAY_MS))).returning({ id: vitalSamples.id });
  return gone.length;
}
