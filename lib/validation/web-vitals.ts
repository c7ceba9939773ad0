import { z } from 'zod';
import { WEB_VITAL_MAX_CLS, WEB_VITAL_MAX_MS, WEB_VITAL_NAMES, WEB_VITAL_PATH_MAX_LENGTH } from '../constants/observability';

/** One beacon from a visitor's browser: the page's path and up to one value of each metric. */
export const WebVitalsBeaconSchema = z.object({
  path: z.string().startsWith('/').max(WEB_VITAL_PATH_MAX_LENGTH),
  metrics: z
    .array(z.object({ name: z.enum(WEB_VITAL_NAMES), value: z.number().finite().nonnegative() }))
    .min(1)
    .max(WEB_VITAL_NAMES.length)
    .refine((ms) => ms.every((m) => m.value <= (m.name === 'CLS' ? WEB_VITAL_MAX_CLS : WEB_VITAL_MAX_MS)), 'A value is out of range'),
});
export type WebVitalsBeacon = z.infer<typeof WebVitalsBeaconSchema>;
