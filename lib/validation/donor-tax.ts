// The donor's PAN and address for an 80G receipt, asked on the payment form: kept apart from the NGO's tax schemas so
// the payment form's bundle carries only these two fields.
import { z } from 'zod';
import { DONOR_ADDRESS_MAX_LENGTH, DONOR_ADDRESS_MIN_LENGTH, PAN_PATTERN } from '../constants/tax';

export const TAX_MESSAGES = {
  pan: 'Please enter a valid PAN (like ABCDE1234F)',
  address: 'Please enter your postal address',
} as const;

export const PanSchema = z.string({ error: TAX_MESSAGES.pan }).trim().toUpperCase().regex(PAN_PATTERN, TAX_MESSAGES.pan);
export const DonorAddressSchema = z.string({ error: TAX_MESSAGES.address }).trim().min(DONOR_ADDRESS_MIN_LENGTH, TAX_MESSAGES.address).max(DONOR_ADDRESS_MAX_LENGTH, TAX_MESSAGES.address);
