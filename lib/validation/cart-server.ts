// the cart payloads as the server parses them. One schema per payload: CartSchema and TipCartSchema (shared
// with the forms, whose picker offers only real codes) plus the known-code check, so the tip and anniversary pages'
// JavaScript never carries the country table.
import { z } from 'zod';
import { PHONE_MESSAGES, callingCodeOf } from '../phone/dialling';
import { CartSchema } from './cart';
import { TipCartSchema } from './tip-cart';

/** a dialling code no country has is the code field's 422 (never judged over the field's own message) */
const knownDiallingCode = [
  (cart: { donor_extension?: unknown }, ctx: z.RefinementCtx) => {
    if (typeof cart?.donor_extension === 'string' && callingCodeOf(cart.donor_extension) === null) ctx.addIssue({ code: 'custom', path: ['donor_extension'], message: PHONE_MESSAGES.country });
  },
  { when: (payload: z.core.ParsePayload) => !payload.issues.some((issue) => issue.path?.[0] === 'donor_extension') },
] as const;

export const ServerCartSchema = CartSchema.superRefine(...knownDiallingCode);
export const ServerTipCartSchema = TipCartSchema.superRefine(...knownDiallingCode);
