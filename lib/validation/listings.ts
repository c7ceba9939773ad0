// the payloads and queries of spec 7's listings and fundraiser page calls, one schema each.
import { z } from 'zod';
import { ORIGIN_CODES } from '../constants/giving';
import { MAX_ROW_ID } from '../constants/ids';
import { FUNDRAISER_LIST_MAX_LIMIT, HOME_SECTION_COUNT, HOME_TRENDING_COUNT } from '../constants/listing';
import { CURRENCY_CODES } from '../money';
import { DEFAULT_LOCALE, LOCALES } from '../i18n/locales';
import { SystemEventFields } from './story';
import { isRowId } from './ids';

const limit = (max: number, fallback: number) =>
  z.coerce.number({ error: 'limit must be a number' }).int('limit must be a whole number').min(1, 'limit must be at least 1').max(max, `limit must be at most ${max}`).default(fallback);

const locale = z.enum(LOCALES, { error: `locale must be one of ${LOCALES.join(', ')}` }).default(DEFAULT_LOCALE);

/** GET fundraisers/trending: at most the home page's trending set, which the visitor's order shuffles */
export const TrendingQuerySchema = z.object({ limit: limit(HOME_TRENDING_COUNT, HOME_TRENDING_COUNT) });

/** GET fundraisers/urgent and fundraisers/success-stories: the home section's count unless asked */
export const ListingQuerySchema = z.object({ limit: limit(FUNDRAISER_LIST_MAX_LIMIT, HOME_SECTION_COUNT) });

/** GET banner, GET fundraisers/{id}/domain and share-card: the language of the page asking */
export const LocaleQuerySchema = z.object({ locale });

/** GET ngos: by name (fname) and by the event they take part in (event_id) */
export const NgoQuerySchema = z.object({
  fname: z.string().trim().max(100).optional(),
  // an empty event_id (a form's untouched field) means no filter
  event_id: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number({ error: 'event_id must be a number' }).int('event_id must be a whole number').positive('event_id must be positive').max(MAX_ROW_ID, 'event_id is too large').optional(),
  ),
});

/** events/{id}: a numeric id or the event's slug */
export const EventRefSchema = z
  .string()
  .max(100, 'Event id is too long')
  .regex(/^[A-Za-z0-9][A-Za-z0-9-]*$/, 'Event id must be a number or a slug')
  .refine((v) => !/^\d+$/.test(v) || isRowId(Number(v)), 'Event id is out of range')
  .transform((v): { id: number } | { slug: string } => (/^\d+$/.test(v) ? { id: Number(v) } : { slug: v.toLowerCase() }));

// what the page sends about itself with a click or a visit (the system event's own fields)
const pageFields = SystemEventFields.pick({ page_name: true, referrer_page: true, device: true, utm: true });

/** POST fundraisers/{id}/contribute-now: the currency and origin (spec 3 origin codes) the payment page opens with */
export const ContributeNowSchema = pageFields.extend({
  currency: z.enum(CURRENCY_CODES, { error: 'This currency is not supported' }).optional(),
  origin: z.enum(ORIGIN_CODES, { error: 'origin is not a known origin code' }).optional(),
  locale: locale.optional(),
});

/** POST fundraisers/{id}/visit */
export const CampaignVisitSchema = pageFields;
