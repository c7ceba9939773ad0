// spec 5 and 7: the profile edit payload (PUT users/me) and the users/me/orders query (the picture rule is lib/validation/images.ts).
import { z } from 'zod';
import { ADDRESS_MAX_LENGTH, GENDERS, INDIA_EXTENSION, INDIA_PINCODE_DIGITS } from '../constants/people';
import { USER_ORDERS_MAX_LIMIT, USER_ORDERS_PAGE_SIZE } from '../constants/portfolio';
import { INDIAN_MOBILE_PATTERN, MESSAGES, NameSchema, PhoneSchema } from './people';
import { PAN_PATTERN } from '../constants/tax';

export const PROFILE_MESSAGES = {
  pincode: 'Please enter a valid pincode',
  pan: 'Please enter a valid PAN',
  gender: 'Please choose a gender',
  tooLong: MESSAGES.nameTooLong,
} as const;


const INDIAN_PINCODE = new RegExp(`^[1-9]\\d{${INDIA_PINCODE_DIGITS - 1}}$`);
const OTHER_POSTCODE = /^[A-Za-z0-9 -]{3,10}$/;

// an empty field clears the stored value; an absent one leaves it as it is
const blank = z.literal('').transform(() => null);
const orBlank = <T extends z.ZodType<unknown, string>>(schema: T) => z.union([blank, schema]).nullable().optional();

export const ProfileSchema = z
  .object({
    full_name: NameSchema.optional(),
    extension: z
      .string({ error: MESSAGES.phone })
      .trim()
      .regex(/^\+?\d{1,4}$/, MESSAGES.phone)
      .transform((e) => (e.startsWith('+') ? e : `+${e}`))
      .optional(),
    phone_1: orBlank(PhoneSchema),
    pincode: orBlank(z.string().trim().regex(OTHER_POSTCODE, PROFILE_MESSAGES.pincode)),
    pan_number: orBlank(z.string().trim().toUpperCase().regex(PAN_PATTERN, PROFILE_MESSAGES.pan)),
    address_1: orBlank(z.string().trim().max(ADDRESS_MAX_LENGTH, PROFILE_MESSAGES.tooLong)),
    gender: orBlank(z.string().refine((g) => (GENDERS as readonly string[]).includes(g), PROFILE_MESSAGES.gender)),
  })
  .superRefine(
    (v, ctx) => {
      const india = (v.extension ?? INDIA_EXTENSION) === INDIA_EXTENSION;
      // spec 5: the Indian mobile pattern flags bad numbers when the dialling code is +91
      if (india && typeof v.phone_1 === 'string' && v.phone_1 && !INDIAN_MOBILE_PATTERN.test(v.phone_1)) ctx.addIssue({ code: 'custom', path: ['phone_1'], message: MESSAGES.phone });
      if (india && typeof v.pincode === 'string' && v.pincode && !INDIAN_PINCODE.test(v.pincode)) ctx.addIssue({ code: 'custom', path: ['pincode'], message: PROFILE_MESSAGES.pincode });
    },
    // checked even when other fields failed, so the form shows every message at once
    { when: () => true },
  );

export type ProfileInput = z.input<typeof ProfileSchema>;
export type ProfileChanges = z.output<typeof ProfileSchema>;

// spec 7: users/me/orders?page=&limit=&orderBy=creation_date&sortedBy=desc (newest first by default)
export const UserOrdersQuerySchema = z.object({
  page: z.coerce.number({ error: 'page must be a number' }).int('page must be a whole number').min(1, 'page must be at least 1').max(10_000, 'page is too large').default(1),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(USER_ORDERS_MAX_LIMIT, `limit must be at most ${USER_ORDERS_MAX_LIMIT}`)
    .default(USER_ORDERS_PAGE_SIZE),
  orderBy: z.enum(['creation_date'], { error: "orderBy must be 'creation_date'" }).default('creation_date'),
  sortedBy: z
    .string()
    .transform((s) => s.toLowerCase())
    .pipe(z.enum(['asc', 'desc'], { error: "sortedBy must be 'asc' or 'desc'" }))
    .default('desc'),
  // spec 7 asks for beneficiaries with the orders; ours always come with their fundraiser
  with: z.string().max(50).optional(),
});
