// Visitors' web-vitals, aggregated in this process's histograms by page kind: no row per visit, no URL kept.
import type { WebVitalsBeacon } from '../validation/web-vitals';
import { metrics, pageKind } from './metrics';

export function recordWebVitals(beacon: WebVitalsBeacon): void {
  const page = pageKind(beacon.path.split('?', 1)[0]);
  for (const m of beacon.metrics) {
    if (m.name === 'CLS') metrics.webVitalsCls.observe({ page }, m.value);
    else metrics.webVitalsMs.observe({ name: m.name, page }, m.value);
  }
}
