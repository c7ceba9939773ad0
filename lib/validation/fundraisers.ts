import { z } from 'zod';
import { FUNDRAISER_LIST_DEFAULT_LIMIT, FUNDRAISER_LIST_MAX_LIMIT } from '../constants/listing';
import { rowIdSchema } from './ids';

export const FundraiserIdSchema = rowIdSchema('Fundraiser');

// Offset pages are for the first screens; deeper lists use the keyset cursor (next_cursor).
export const MAX_OFFSET = 10_000;

export const FundraiserListQuerySchema = z
  .object({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(FUNDRAISER_LIST_MAX_LIMIT, `limit must be at most ${FUNDRAISER_LIST_MAX_LIMIT}`)
    .default(FUNDRAISER_LIST_DEFAULT_LIMIT),
  page: z.coerce.number({ error: "page must be a number" }).int("page must be a whole number").min(1, "page must be at least 1").optional(),
  cursor: z.string().max(100, 'cursor is too long').optional(),
  cause: z.coerce.number({ error: 'cause must be a number' }).int('cause must be a whole number').positive('cause must be positive').optional(),
  status: z.enum(['active', 'all'], { error: "status must be 'active' or 'all'" }).default('all'),
  q: z.string().trim().max(100, 'search text is too long').optional(),
  })
  .refine((q) => !q.page || (q.page - 1) * q.limit <= MAX_OFFSET, {
    path: ['page'],
    message: `page goes beyond ${MAX_OFFSET} fundraisers: use next_cursor for deeper pages`,
  });
