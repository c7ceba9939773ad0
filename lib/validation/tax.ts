// The donor's PAN and address for an 80G receipt: asked on the payment form and added later from the receipt page.
import { z } from 'zod';
import { DONOR_ADDRESS_MAX_LENGTH, DONOR_ADDRESS_MIN_LENGTH, PAN_PATTERN } from '../constants/tax';

export const TAX_MESSAGES = {
  pan: 'Please enter a valid PAN (like ABCDE1234F)',
  address: 'Please enter your postal address',
} as const;

export const PanSchema = z.string({ error: TAX_MESSAGES.pan }).trim().toUpperCase().regex(PAN_PATTERN, TAX_MESSAGES.pan);
export const DonorAddressSchema = z.string({ error: TAX_MESSAGES.address }).trim().min(DONOR_ADDRESS_MIN_LENGTH, TAX_MESSAGES.address).max(DONOR_ADDRESS_MAX_LENGTH, TAX_MESSAGES.address);

/** A gift's missing PAN and address, added from its receipt page (a guest sends the receipt link's token). */
export const GiftTaxDetailsSchema = z.object({
  panNumber: PanSchema,
  address: DonorAddressSchema,
  receipt_token: z.string().max(200).optional(),
});
export type GiftTaxDetailsInput = z.input<typeof GiftTaxDetailsSchema>;
