import { z } from 'zod';
import { EmailSchema, MESSAGES, NameSchema, PhoneSchema } from './people';

export const LEAD_MESSAGE_MAX = 2000;

// contact-us form: a lead (spec 7 POST lead)
export const ContactLeadSchema = z.object({
  name: NameSchema,
  email: EmailSchema,
  phone: PhoneSchema,
  extension: z.string().regex(/^\+?\d{1,4}$/, MESSAGES.phone).default('+91'),
  about: z.string({ error: MESSAGES.required }).trim().min(1, MESSAGES.required).max(LEAD_MESSAGE_MAX, MESSAGES.nameTooLong),
  page: z.string().max(200).optional(),
});

export type ContactLeadInput = z.input<typeof ContactLeadSchema>;
