// The NGO's 80G details, a gift's PAN and address added later, and the financial years the statements name.
import { z } from 'zod';
import { DONOR_ADDRESS_MAX_LENGTH, DONOR_ADDRESS_MIN_LENGTH, URN_PATTERN } from '../constants/tax';
import { financialYearStart } from '../india-time';
import { DonorAddressSchema, PanSchema, TAX_MESSAGES } from './donor-tax';

/** A gift's missing PAN and address, added from its receipt page (a guest sends the receipt link's token). */
export const GiftTaxDetailsSchema = z.object({
  panNumber: PanSchema,
  address: DonorAddressSchema,
  receipt_token: z.string().max(200).optional(),
});
export type GiftTaxDetailsInput = z.input<typeof GiftTaxDetailsSchema>;

/** a financial year as the statements name it: '2026-27' */
export const FinancialYearSchema = z.string({ error: 'Please choose a financial year' }).refine((fy) => financialYearStart(fy) !== null, 'Please choose a financial year');

export const Form10bdQuerySchema = z.object({
  fy: FinancialYearSchema,
  part: z.coerce.number().int().positive().default(1),
});

export const AskPanSchema = z.object({ fy: FinancialYearSchema });

export const NGO_TAX_MESSAGES = {
  pan: TAX_MESSAGES.pan,
  registration: 'Please enter the 80G registration number (URN) as the tax portal issued it',
  validUntil: 'Please enter the last day the 80G registration is valid (YYYY-MM-DD)',
  issuedOn: 'Please enter the day the 80G registration was issued (YYYY-MM-DD)',
  address: 'Please enter the NGO’s registered address',
  city: 'Please enter the city',
} as const;

// a blank field (or null, as the form sends one it checked) clears what was stored
const blankable = <T extends z.ZodType<string>>(schema: T) => z.union([schema, z.literal(''), z.null()]).transform((v) => (v === '' ? null : v)).optional();

/** What an NGO enters for its 80G receipts and Form 10BD: its address, PAN and 80G registration with its validity. */
export const NgoTaxDetailsSchema = z.object({
  address: blankable(z.string().trim().min(DONOR_ADDRESS_MIN_LENGTH, NGO_TAX_MESSAGES.address).max(DONOR_ADDRESS_MAX_LENGTH, NGO_TAX_MESSAGES.address)),
  city: blankable(z.string().trim().min(2, NGO_TAX_MESSAGES.city).max(60, NGO_TAX_MESSAGES.city)),
  pan_number: blankable(PanSchema),
  registration_80g: blankable(z.string().trim().toUpperCase().regex(URN_PATTERN, NGO_TAX_MESSAGES.registration)),
  registration_80g_valid_until: blankable(z.string().trim().regex(/^\d{4}-\d{2}-\d{2}$/, NGO_TAX_MESSAGES.validUntil).refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), NGO_TAX_MESSAGES.validUntil)),
  registration_80g_issued_on: blankable(z.string().trim().regex(/^\d{4}-\d{2}-\d{2}$/, NGO_TAX_MESSAGES.issuedOn).refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), NGO_TAX_MESSAGES.issuedOn)),
});
export type NgoTaxDetailsInput = z.input<typeof NgoTaxDetailsSchema>;
export type NgoTaxDetailsOutput = z.output<typeof NgoTaxDetailsSchema>;
