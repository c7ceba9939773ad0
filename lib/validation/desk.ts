// The operations desk's payloads: one schema each, used by the desk's forms and its routes alike.
import { z } from 'zod';
import {
  ANALYTICS_ID_MAX,
  COUPON_CODE_MAX,
  DESK_REASON_MAX,
  DESK_REASON_MIN,
  DONOR_ADDRESS_MAX,
  DONOR_NAME_MAX,
  FINANCE_EXPORT_MAX_DAYS,
  PARTNER_NAME_MAX,
  PARTNER_URL_MAX,
  SHARE_PERCENT_MAX,
  SPONSOR_NAME_MAX,
  STAFF_ROLES,
} from '../constants/desk';
import { DAY_MS } from '../constants/time';
import { CURRENCY_CODES } from '../money';
import { rowIdSchema } from './ids';
import { PAN_PATTERN } from '../constants/tax';

export const DESK_MESSAGES = {
  reason: `Please give the reason (${DESK_REASON_MIN} to ${DESK_REASON_MAX} characters)`,
  amount: 'Please enter an amount above zero, with at most two decimals',
  name: `Please enter the donor's name (at most ${DONOR_NAME_MAX} characters)`,
  email: 'Please enter a valid email address',
  pan: 'Please enter a valid PAN, like ABCDE1234F',
  address: `The address can have at most ${DONOR_ADDRESS_MAX} characters`,
  role: 'Please choose a role',
  host: 'Please enter a host name like give.example.org (no https://, no path)',
  partnerName: `Please enter the partner's name (at most ${PARTNER_NAME_MAX} characters)`,
  url: 'Please enter a full https:// address',
  color: 'Please enter a colour as #rrggbb, like #0f766e',
  analytics: 'Please enter a container id like GTM-ABC123',
  code: `Please enter a code of letters, digits, - or _ (at most ${COUPON_CODE_MAX})`,
  sponsor: `Please enter the sponsor's name (at most ${SPONSOR_NAME_MAX} characters)`,
  currency: 'Please choose a currency',
  matchKind: 'Please give either a fixed amount or a share percent, not both',
  share: `Please enter a share from 1 to ${SHARE_PERCENT_MAX} percent`,
  count: 'Please enter a whole number above zero, or leave it empty',
  dates: 'The end must be after the start',
  day: 'Please enter a date as YYYY-MM-DD',
  range: `Please choose a range of at most ${FINANCE_EXPORT_MAX_DAYS} days, the end on or after the start`,
} as const;

const hasAtMostTwoDecimals = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;
/** an amount in major units (rupees), as a number or the text a form sends */
const majorAmount = (message: string) =>
  z.union([z.number(), z.string().trim().regex(/^\d{1,12}(?:\.\d{1,2})?$/, message).transform(Number)], { error: message }).refine((n) => Number.isFinite(n) && n > 0 && hasAtMostTwoDecimals(n), message);
const optionalAmount = (message: string) => z.preprocess((v) => (v === '' ? null : v), majorAmount(message).nullable().optional());
const optionalCount = z.preprocess((v) => (v === '' ? null : v), z.coerce.number({ error: DESK_MESSAGES.count }).int(DESK_MESSAGES.count).positive(DESK_MESSAGES.count).nullable().optional());
const reason = z.string({ error: DESK_MESSAGES.reason }).trim().min(DESK_REASON_MIN, DESK_MESSAGES.reason).max(DESK_REASON_MAX, DESK_MESSAGES.reason);

export const DeskSearchSchema = z.object({ q: z.string().trim().max(200).optional().default('') });

/** an order id as it appears in paths (SHY..., sip:..., test ids): printable, no slash */
export const DeskOrderIdSchema = z.string().trim().min(1).max(120).regex(/^[^\s/]+$/, 'Order not found');
export const DeskRefundIdSchema = z.string().trim().min(1).max(120).regex(/^[^\s/]+$/, 'Refund not found');

export const DonorCorrectionSchema = z
  .object({
    donor_name: z.string({ error: DESK_MESSAGES.name }).trim().min(1, DESK_MESSAGES.name).max(DONOR_NAME_MAX, DESK_MESSAGES.name),
    donor_email: z.string({ error: DESK_MESSAGES.email }).trim().toLowerCase().pipe(z.email(DESK_MESSAGES.email)),
    donor_pan: z.string().trim().toUpperCase().regex(PAN_PATTERN, DESK_MESSAGES.pan).optional().or(z.literal('')),
    donor_address: z.string().trim().max(DONOR_ADDRESS_MAX, DESK_MESSAGES.address).optional().or(z.literal('')),
  })
  .strict();
export type DonorCorrection = z.infer<typeof DonorCorrectionSchema>;

/** `amount` is in the order's currency, major units. */
export const DeskRefundSchema = z.object({ amount: majorAmount(DESK_MESSAGES.amount), reason }).strict();
export type DeskRefundInput = z.infer<typeof DeskRefundSchema>;

export const HeldRefundDecisionSchema = z.discriminatedUnion('decision', [z.object({ decision: z.literal('release') }).strict(), z.object({ decision: z.literal('cancel'), reason }).strict()]);
export type HeldRefundDecision = z.infer<typeof HeldRefundDecisionSchema>;

const role = z.enum(STAFF_ROLES, { error: DESK_MESSAGES.role });
export const StaffGrantSchema = z.object({ email: z.string({ error: DESK_MESSAGES.email }).trim().toLowerCase().pipe(z.email(DESK_MESSAGES.email)), role }).strict();
export const StaffRevokeSchema = z.object({ user_id: rowIdSchema('User'), role }).strict();

export const AuditQuerySchema = z.object({
  kind: z.string().trim().max(40).optional(),
  record: z.string().trim().max(120).optional(),
  actor: z.preprocess((v) => (v === '' ? undefined : v), rowIdSchema('Actor').optional()),
  page: z.coerce.number().int().positive().max(100_000).optional(),
});

/** a host name: labels of letters, digits and hyphens, at least one dot, lower-cased (a port for local testing) */
const HOST_PATTERN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(:\d{2,5})?$/;
export const THEME_COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;
const httpsUrl = z.preprocess(
  (v) => (v === '' ? null : v),
  z.string().trim().max(PARTNER_URL_MAX, DESK_MESSAGES.url).url(DESK_MESSAGES.url).refine((u) => u.startsWith('https://'), DESK_MESSAGES.url).nullable().optional(),
);

export const PartnerSchema = z
  .object({
    host: z.string({ error: DESK_MESSAGES.host }).trim().toLowerCase().regex(HOST_PATTERN, DESK_MESSAGES.host),
    name: z.string({ error: DESK_MESSAGES.partnerName }).trim().min(1, DESK_MESSAGES.partnerName).max(PARTNER_NAME_MAX, DESK_MESSAGES.partnerName),
    logo_url: httpsUrl,
    favicon_url: httpsUrl,
    theme_color: z.preprocess((v) => (v === '' ? null : v), z.string().trim().regex(THEME_COLOR_PATTERN, DESK_MESSAGES.color).transform((c) => c.toLowerCase()).nullable().optional()),
    analytics_container_id: z.preprocess((v) => (v === '' ? null : v), z.string().trim().max(ANALYTICS_ID_MAX, DESK_MESSAGES.analytics).regex(/^[A-Z0-9-]+$/, DESK_MESSAGES.analytics).nullable().optional()),
    is_active: z.boolean().optional().default(true),
  })
  .strict();
export type PartnerInput = z.infer<typeof PartnerSchema>;

const optionalDate = z.preprocess((v) => (v === '' ? null : v), z.coerce.date({ error: DESK_MESSAGES.day }).nullable().optional());

export const CouponSchema = z
  .object({
    code: z.string({ error: DESK_MESSAGES.code }).trim().toUpperCase().regex(new RegExp(`^[A-Z0-9_-]{1,${COUPON_CODE_MAX}}$`), DESK_MESSAGES.code),
    sponsor: z.string({ error: DESK_MESSAGES.sponsor }).trim().min(1, DESK_MESSAGES.sponsor).max(SPONSOR_NAME_MAX, DESK_MESSAGES.sponsor),
    currency: z.enum(CURRENCY_CODES, { error: DESK_MESSAGES.currency }),
    amount: optionalAmount(DESK_MESSAGES.amount),
    share_percent: z.preprocess((v) => (v === '' ? null : v), z.coerce.number({ error: DESK_MESSAGES.share }).int(DESK_MESSAGES.share).min(1, DESK_MESSAGES.share).max(SHARE_PERCENT_MAX, DESK_MESSAGES.share).nullable().optional()),
    max_match: optionalAmount(DESK_MESSAGES.amount),
    budget: optionalAmount(DESK_MESSAGES.amount),
    max_uses: optionalCount,
    max_uses_per_donor: optionalCount,
    max_uses_per_fundraiser: optionalCount,
    valid_from: optionalDate,
    valid_until: optionalDate,
    is_active: z.boolean().optional().default(true),
  })
  .strict()
  .refine((c) => (c.amount != null) !== (c.share_percent != null), { path: ['amount'], message: DESK_MESSAGES.matchKind })
  .refine((c) => !c.valid_from || !c.valid_until || c.valid_until > c.valid_from, { path: ['valid_until'], message: DESK_MESSAGES.dates });
export type CouponInput = z.infer<typeof CouponSchema>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
export const FinanceExportQuerySchema = z
  .object({ from: z.string({ error: DESK_MESSAGES.day }).regex(DAY, DESK_MESSAGES.day), to: z.string({ error: DESK_MESSAGES.day }).regex(DAY, DESK_MESSAGES.day) })
  .refine((r) => {
    const days = (Date.parse(`${r.to}T00:00:00Z`) - Date.parse(`${r.from}T00:00:00Z`)) / DAY_MS;
    return Number.isFinite(days) && days >= 0 && days < FINANCE_EXPORT_MAX_DAYS;
  }, { path: ['to'], message: DESK_MESSAGES.range });
