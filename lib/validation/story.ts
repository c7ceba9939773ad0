import { z } from 'zod';
import { COMMENT_MAX_LENGTH, STORY_SUPPORTERS_PAGE_SIZE, TRACKING_TITLE_LENGTH } from '../constants';
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

const info = z.string().max(500).optional().nullable();

// POST /actions/collect: the system-event fields of spec 3
export const SystemEventSchema = z.object({
  event_name: z.string({ error: 'event_name is required' }).min(1, 'event_name is required').max(100),
  event_type: info,
  event_type_id: info,
  page_name: info,
  info_1: info,
  info_2: info,
  info_3: info,
  info_4: info,
  referrer_page: info,
  device: z.enum(['mobile', 'desktop', 'tablet']).optional().nullable(),
  entity_id: info,
  utm: z.record(z.string().max(50), z.string().max(200)).optional().nullable(),
});

export const trackingTitle = (title: string) => title.slice(0, TRACKING_TITLE_LENGTH);
