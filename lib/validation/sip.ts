// Monthly giving: the subscribe payload and a pledge change, shared by the SIP page's form and the routes.
// Amounts are major units, as entered: the schema rounds nothing (the server applies roundSipAmount explicitly and the
// page shows it), and the per-cause minimum is sipTotalProblems' call, since its exception needs the donor's SIPs.
import { z } from 'zod';
import { MAX_AMOUNT_MAJOR } from '../constants/giving';
import { CAUSE_AMOUNT, SIP_CAUSES, SIP_CURRENCIES, SIP_MONTH_INTERVAL_MAX, SIP_PAYMENT_METHODS, SIP_TENURE_MAX_MONTHS } from '../constants/sip';
import { LOCALES } from '../i18n/locales';
import { formatMoney, toMinor } from '../money';
import { isSipUpiHandle, SIP_MESSAGES, sipCauseProblems } from '../sip/rules';
import { UPI_ID_PATTERN } from './people';

// a number, or a numeric string as a form sends it, with at most two decimals; never true, [500], '1e3' or ' 0x10'
const AMOUNT_TEXT = /^\d{1,12}(?:\.\d{1,12})?$/;
const hasAtMostTwoDecimals = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;

/** A monthly amount in major units: positive, at most two decimals. */
export const SipAmountSchema = z.union([z.number(), z.string()], { error: SIP_MESSAGES.amount }).transform((value, ctx) => {
  const text = typeof value === 'string' ? value.trim() : '';
  const n = typeof value === 'number' ? value : AMOUNT_TEXT.test(text) ? Number(text) : NaN;
  if (!Number.isFinite(n)) ctx.addIssue({ code: 'custom', message: SIP_MESSAGES.amount });
  else if (!hasAtMostTwoDecimals(n) || /\.\d{3,}$/.test(text)) ctx.addIssue({ code: 'custom', message: SIP_MESSAGES.amountDecimals });
  else if (n <= 0) ctx.addIssue({ code: 'custom', message: SIP_MESSAGES.amountPositive });
  else return n;
  return z.NEVER;
});

export const SipCauseAmountSchema = z.object({
  sip_cause: z.enum(SIP_CAUSES, { error: SIP_MESSAGES.unknownCause }),
  amount: SipAmountSchema,
});

// spec 3: whole numbers as a form or a query sends them ('3' or 3)
const months = (message: string, max: number) => z.coerce.number({ error: message }).int(message).min(1, message).max(max, message);

// spec 3: flags arrive as booleans or '0'/'1'
const flag = z.union([z.boolean(), z.enum(['0', '1', 'true', 'false'])]).transform((v) => v === true || v === '1' || v === 'true');

/**
 * POST of a new SIP (spec 3 order fields). One or several causes (multicause), each once; acid_victims only in INR.
 * The output adds spec 3/9's multicause (more than one cause) and cause_amount (always 1); unknown keys are dropped.
 */
export const SubscribeSchema = z
  .object({
    currency: z.enum(SIP_CURRENCIES, { error: SIP_MESSAGES.currency }),
    causes: z.array(SipCauseAmountSchema, { error: SIP_MESSAGES.noCause }).min(1, SIP_MESSAGES.noCause).max(SIP_CAUSES.length, SIP_MESSAGES.noCause),
    payment_method: z.enum(SIP_PAYMENT_METHODS, { error: SIP_MESSAGES.paymentMethod }),
    /** a hint only: the server picks the gateway for the method (architecture: never the client) */
    gateway: z.string().trim().regex(/^[a-z0-9_]{1,40}$/, SIP_MESSAGES.gateway).optional(),
    vpa: z.string({ error: SIP_MESSAGES.vpa }).trim().optional(),
    month_interval: months(SIP_MESSAGES.monthInterval, SIP_MONTH_INTERVAL_MAX).default(1),
    tenure: months(SIP_MESSAGES.tenure, SIP_TENURE_MAX_MONTHS).optional(),
    ngo_sip: flag.default(false),
    // the page's language, for the SIP's emails; anything else falls back to the default
    locale: z.enum(LOCALES).optional().catch(undefined),
  })
  .superRefine((sip, ctx) => {
    for (const [key, message] of Object.entries(sipCauseProblems(sip.currency, sip.causes))) ctx.addIssue({ code: 'custom', path: key.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)), message });
    // one ceiling per currency (lib/constants/giving.ts) for the month's total keeps it far inside integer minor units
    const totalMinor = sip.causes.reduce((n, c) => n + toMinor(c.amount), 0);
    const max = MAX_AMOUNT_MAJOR[sip.currency];
    if (totalMinor > toMinor(max)) ctx.addIssue({ code: 'custom', path: ['causes'], message: SIP_MESSAGES.totalTooLarge(formatMoney(toMinor(max), sip.currency, 'en')) });
    if (sip.payment_method === 'UPIRECURRING') {
      if (!sip.vpa) ctx.addIssue({ code: 'custom', path: ['vpa'], message: SIP_MESSAGES.vpaRequired });
      else if (!UPI_ID_PATTERN.test(sip.vpa)) ctx.addIssue({ code: 'custom', path: ['vpa'], message: SIP_MESSAGES.vpa });
      else if (!isSipUpiHandle(sip.vpa)) ctx.addIssue({ code: 'custom', path: ['vpa'], message: SIP_MESSAGES.vpaHandle });
    }
  })
  .transform(({ vpa, ...sip }) => ({
    ...sip,
    // a UPI ID matters to UPI AutoPay only
    ...(sip.payment_method === 'UPIRECURRING' ? { vpa } : {}),
    multicause: sip.causes.length > 1,
    cause_amount: CAUSE_AMOUNT,
  }));
export type SubscribeInput = z.input<typeof SubscribeSchema>;
export type Subscribe = z.output<typeof SubscribeSchema>;

/**
 * PUT of a new monthly amount for one SIP (raise or lower). The route checks it with sipTotalProblems, passing the SIP
 * itself as `existing`: a SIP below today's minimum may be raised, and nothing may be lowered below the minimum.
 */
export const PledgeChangeSchema = z.object({ amount: SipAmountSchema });
export type PledgeChange = z.output<typeof PledgeChangeSchema>;
