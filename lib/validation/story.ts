import { z } from 'zod';
import { COMMENT_MAX_LENGTH, STORY_SUPPORTERS_PAGE_SIZE, TRACKING_TITLE_LENGTH } from '../constants/story';
import { CURRENCY_CODES } from '../money';

const pageNo = z.coerce.number({ error: 'page must be a number' }).int('page must be a whole number').min(1, 'page must be at least 1').max(10_000, 'page is too large').default(1);

// spec 7 ticker: with=donoravtar, currency, orderBy=id, sortedBy=Desc, conversion=1, limit, country_code
export const DonorsQuerySchema = z.object({
  page: pageNo,
  limit: z.coerce.number({ error: 'limit must be a number' }).int('limit must be a whole number').min(1, 'limit must be at least 1').max(50, 'limit must be at most 50').default(STORY_SUPPORTERS_PAGE_SIZE),
  currency: z.enum(CURRENCY_CODES, { error: 'currency is not supported' }).optional(),
  conversion: z.enum(['0', '1'], { error: "conversion must be '0' or '1'" }).optional(),
  orderBy: z.enum(['id'], { error: "orderBy must be 'id'" }).optional(),
  sortedBy: z.enum(['Desc', 'desc'], { error: "sortedBy must be 'Desc'" }).optional(),
  with: z.string().max(50).optional(),
  country_code: z.string().regex(/^[A-Za-z]{2}$/, 'country_code must be two letters').optional(),
});

export const PageQuerySchema = z.object({ page: pageNo });

export const PinSchema = z.object({
  pin: z.string({ error: 'Please enter the PIN' }).trim().regex(/^\d{4,8}$/, 'The PIN is 4 to 8 digits'),
});

export const CommentSchema = z.object({
  comment: z.string({ error: 'Please write a comment' }).trim().min(1, 'Please write a comment').max(COMMENT_MAX_LENGTH, 'Maximum character limit exceeds'),
});

// spec 3 sends an event's texts and ids as partners have them: a number (info_1 an amount, event_type_id an id) is kept as its text
const info = z.union([z.string().max(500), z.number().finite().transform(String)], { error: 'Please send text or a number' }).optional().nullable();
const eventId = z
  .union([z.string().max(500), z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER).transform(String)], { error: 'Please send an id as text or a whole number' })
  .optional()
  .nullable();

const EVENT_NAME_REQUIRED = 'event_name is required';
const eventName = z.string({ error: EVENT_NAME_REQUIRED }).min(1, EVENT_NAME_REQUIRED).max(100);
const utmValue = z.string().max(200).optional();

/**
 * POST /actions/collect: the system-event fields of spec 3, as the spec writes them (eventName, numeric ids, flat utm
 * fields) or as our pages send them (event_name, text ids, one utm object); either way one event of our shape.
 */
export const SystemEventFields = z.object({
  event_name: eventName.optional(),
  eventName: eventName.optional(),
  event_type: info,
  event_type_id: eventId,
  page_name: info,
  info_1: info,
  info_2: info,
  info_3: info,
  info_4: info,
  referrer_page: info,
  device: z.enum(['mobile', 'desktop', 'tablet']).optional().nullable(),
  entity_id: eventId,
  utm: z.record(z.string().max(50), z.string().max(200)).optional().nullable(),
  utm_source: utmValue,
  utm_medium: utmValue,
  utm_campaign: utmValue,
  utm_term: utmValue,
  utm_content: utmValue,
});
export const SystemEventSchema = SystemEventFields.superRefine((v, ctx) => {
  if (v.event_name === undefined && v.eventName === undefined) ctx.addIssue({ code: 'custom', path: ['event_name'], message: EVENT_NAME_REQUIRED });
}).transform(({ eventName: specName, utm_source, utm_medium, utm_campaign, utm_term, utm_content, ...event }) => {
  // the flat fields win over the utm object, as on leads
  const flat = Object.entries({ utm_source, utm_medium, utm_campaign, utm_term, utm_content }).filter((e): e is [string, string] => Boolean(e[1]));
  const utm = flat.length ? { ...event.utm, ...Object.fromEntries(flat) } : event.utm;
  return { ...event, event_name: (event.event_name ?? specName) as string, utm };
});

export const trackingTitle = (title: string) => title.slice(0, TRACKING_TITLE_LENGTH);
