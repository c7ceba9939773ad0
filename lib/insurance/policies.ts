// Insurance (spec 7 insurance/premium, create, update, pay, insurance/{id}): a signed-in person buys one of
// the plans of spec 9 for someone they name. The premium is the plan's (lib/insurance/plans.ts), paid as an order of
// kind insurance through the same gateways as a gift; settling it marks the policy paid (lib/insurance/settled.ts).
import 'server-only';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { createTranslator } from 'use-intl/core';
import { SHARED_INTL_CACHE } from '../i18n/server-translator';
import type { Db, DbOrTx } from '../db/client';
import { insurancePolicies, orders, users } from '../db/schema';
import { ApiError, conflict, notFound } from '../http/errors';
import { parseWith } from '../http/validation';
import { toMajor } from '../money';
import { DEFAULT_LOCALE, isLocale } from '../i18n/locales';
import { loadMessages } from '../i18n/messages';
import { oneTimeGateway, openOrder } from '../donations/service';
import { modeUnavailable, offeredPaymentOptions, type PaymentMode } from '../payments/registry';
import type { PaymentOption } from '../payments/options';
import { lastDigits } from '../fundraisers/withdrawals';
import { INSURANCE_CURRENCY } from '../constants/insurance';
import { INSURANCE_PLAN_LIST, insurancePlanById, insuranceVendor, premiumOf, type InsurancePlan } from './plans';
import type { z } from 'zod';
import { INSURANCE_MESSAGES, InsuredSchema, type CreatePolicySchema, type Insured, type PayPolicySchema, type UpdatePolicyInput } from '../validation/insurance';

type PolicyRow = typeof insurancePolicies.$inferSelect;
type Owner = { id: number };

export const POLICY_STATUS = { created: 'created', paid: 'paid', cancelled: 'cancelled' } as const;
export type PolicyStatus = (typeof POLICY_STATUS)[keyof typeof POLICY_STATUS];

/** The claim account as stored (credit_details): shown back with the last digits of the number only. */
export interface CreditDetails {
  account_holder_name: string;
  account_number: string;
  ifsc_code: string;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** What the owner sees of a policy (GET insurance/{id}, and every write's answer). */
export function policyView(p: PolicyRow) {
  const credit = p.credit_details as Partial<CreditDetails> | null;
  return {
    id: p.id,
    vendor: p.vendor,
    plan: p.plan,
    plan_id: p.plan_id,
    frequency: p.frequency,
    plan_amount: toMajor(p.plan_amount_minor),
    plan_amount_minor: p.plan_amount_minor,
    currency: p.currency,
    status: p.status as PolicyStatus,
    insured: p.insured as Insured | null,
    credit_details:
      credit?.account_number && p.credit_verified_at
        ? { account_holder_name: credit.account_holder_name ?? '', account_number_last4: lastDigits(credit.account_number), ifsc_code: credit.ifsc_code ?? '' }
        : null,
    credit_verified_at: iso(p.credit_verified_at),
    paid_at: iso(p.paid_at),
    covered_until: iso(p.covered_until),
    created_at: p.created_at.toISOString(),
  };
}
export type PolicyView = ReturnType<typeof policyView>;

/** spec 7 POST insurance/premium: one plan's premium, or the list when none is named. */
export function premiums(planId?: string) {
  if (planId === undefined) return { plans: INSURANCE_PLAN_LIST.map(premiumOf) };
  const plan = insurancePlanById(planId);
  if (!plan) throw new ApiError('validation_failed', INSURANCE_MESSAGES.plan, { plan_id: INSURANCE_MESSAGES.plan });
  return premiumOf(plan);
}

/**
 * The owner's policy, locked when asked. Anyone else's, or one that does not exist, is the same 404: a policy id
 * reveals nothing (as a receipt of another user's order does not).
 */
export async function ownPolicy(db: DbOrTx, owner: Owner, id: number, opts: { lock?: boolean } = {}): Promise<PolicyRow> {
  const query = db.select().from(insurancePolicies).where(and(eq(insurancePolicies.id, id), eq(insurancePolicies.user_id, owner.id)));
  const [policy] = opts.lock ? await query.for('update') : await query;
  if (!policy) throw notFound(INSURANCE_MESSAGES.notFound);
  return policy;
}

const planFacts = (plan: InsurancePlan) => ({ plan: plan.plan, plan_id: plan.plan_id, frequency: plan.frequency, plan_amount_minor: plan.amount_minor, currency: plan.currency });

const insuredOf = (i: Insured): Insured => ({ full_name: i.full_name, date_of_birth: i.date_of_birth, relation: i.relation, extension: i.extension, phone: i.phone });

/** spec 7 POST insurance/create: a policy of the signed-in person, at the plan's premium, waiting to be paid. */
export async function createPolicy(db: Db, owner: Owner, input: z.output<typeof CreatePolicySchema>): Promise<PolicyRow> {
  const plan = insurancePlanById(input.plan_id);
  if (!plan) throw new ApiError('validation_failed', INSURANCE_MESSAGES.plan, { plan_id: INSURANCE_MESSAGES.plan });
  const [policy] = await db
    .insert(insurancePolicies)
    .values({ user_id: owner.id, vendor: insuranceVendor(), ...planFacts(plan), status: POLICY_STATUS.created, insured: insuredOf(input) })
    .returning();
  return policy;
}

// an order in one of these is still being paid: its plan must not change under it
const LIVE_ORDER_STATUSES = ['created', 'pending'] as const;

/** spec 7 POST insurance/update: the plan or the insured's details, only while the policy waits for its premium. */
export async function updatePolicy(db: Db, owner: Owner, input: UpdatePolicyInput): Promise<PolicyRow> {
  return db.transaction(async (tx) => {
    const policy = await ownPolicy(tx, owner, input.id, { lock: true });
    if (policy.status !== POLICY_STATUS.created) throw conflict(INSURANCE_MESSAGES.notEditable);
    const plan = input.plan_id ? insurancePlanById(input.plan_id) : null;
    if (plan && plan.plan_id !== policy.plan_id) {
      const [{ live }] = await tx
        .select({ live: count() })
        .from(orders)
        .where(and(eq(orders.insurance_policy_id, policy.id), inArray(orders.status, LIVE_ORDER_STATUSES)));
      if (live > 0) throw conflict(INSURANCE_MESSAGES.paymentInProgress);
    }
    // the changed details are checked together with the kept ones (a new number against the stored dialling code)
    const { id: _id, plan_id: _plan, ...changes } = input;
    const stored = (policy.insured ?? {}) as Partial<Insured>;
    const merged = parseWith(InsuredSchema, { ...stored, ...Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) });
    const [updated] = await tx
      .update(insurancePolicies)
      .set({ ...(plan ? planFacts(plan) : {}), insured: insuredOf(merged), updated_at: new Date() })
      .where(eq(insurancePolicies.id, policy.id))
      .returning();
    return updated;
  });
}

/** The plan's name in the payer's language, for the receipt (Insurance.plans.{plan} and the frequency). */
async function planTitle(locale: string, policy: Pick<PolicyRow, 'plan' | 'frequency'>): Promise<string> {
  const { messages } = await loadMessages(isLocale(locale) ? locale : DEFAULT_LOCALE);
  const t = createTranslator({ ...SHARED_INTL_CACHE, locale, messages, namespace: 'Insurance' });
  return t('planTitle', { plan: t(`plans.${policy.plan}` as never), frequency: t(`frequency.${policy.frequency}` as never) });
}

/** The payment methods a premium may use now: the one-time ones a configured gateway takes in its currency. */
export function premiumPaymentOptions(currency: string): PaymentOption[] {
  return currency === INSURANCE_CURRENCY ? offeredPaymentOptions(INSURANCE_CURRENCY, 'premium') : [];
}

/**
 * spec 7 POST insurance/pay: the premium as an order of kind insurance, placed like a gift's (our row first, then the
 * gateway's), by a gateway the server picks. A paid or cancelled policy is refused. A double click (or a retry before
 * the first payment ends) answers the same order: its idempotency key names the policy, the mode and the attempt.
 */
export async function payPolicy(db: Db, owner: Owner, input: z.output<typeof PayPolicySchema>, ctx: { origin: string }) {
  const policy = await ownPolicy(db, owner, input.id);
  if (policy.status === POLICY_STATUS.paid) throw conflict(INSURANCE_MESSAGES.alreadyPaid);
  if (policy.status !== POLICY_STATUS.created) throw conflict(INSURANCE_MESSAGES.cancelled);
  const mode = input.mode as PaymentMode;
  if (!(premiumPaymentOptions(policy.currency) as string[]).includes(mode)) throw modeUnavailable();
  const { name: gatewayName, gateway } = oneTimeGateway(policy.currency, mode, ctx.origin, modeUnavailable, 'premium');
  const [payer] = await db.select({ name: users.full_name, email: users.email, phone: users.phone_1 }).from(users).where(eq(users.id, owner.id));
  const [{ failed }] = await db
    .select({ failed: count() })
    .from(orders)
    .where(and(eq(orders.insurance_policy_id, policy.id), eq(orders.status, 'failed')));
  const locale = input.locale ?? DEFAULT_LOCALE;
  return openOrder(
    db,
    {
      kind: 'insurance',
      insurance_policy_id: policy.id,
      user_id: owner.id,
      cart_id: null,
      fundraiser_id: null,
      payment_mode: mode,
      payment_mode_value: null,
      payment_gateway: gatewayName,
      iso_currency: policy.currency,
      donated_amount_minor: policy.plan_amount_minor,
      tip_amount_minor: 0,
      // no fundraiser is credited: the ledger puts the premium on the insurer's account (lib/payments/ledger.ts)
      credited_amount_minor: policy.plan_amount_minor,
      idempotency_key: `insurance:${policy.id}:${mode}:${failed}`,
      vpa: mode === 'VPA' ? (input.vpa ?? null) : null,
      origin: null,
      params: { vendor: policy.vendor, plan: policy.plan, plan_id: policy.plan_id, frequency: policy.frequency, plan_title: await planTitle(locale, policy), locale, site_origin: ctx.origin },
    },
    { gateway, payer: { name: payer.name, email: payer.email, phone: payer.phone } },
  );
}

/** One of the policy's orders (the payment return's ?oi=), or null when it is not this policy's. */
export async function policyOrder(db: DbOrTx, policyId: number, orderId: string) {
  const [order] = await db
    .select({ order_id: orders.order_id, status: orders.status, failure_reason: orders.failure_reason, iso_currency: orders.iso_currency, amount_minor: orders.donated_amount_minor })
    .from(orders)
    .where(and(eq(orders.order_id, orderId), eq(orders.insurance_policy_id, policyId), eq(orders.kind, 'insurance')));
  return order ?? null;
}

/** The person's own policies, newest first (the plans page lists them). */
export async function policiesOf(db: DbOrTx, owner: Owner) {
  return (await db.select().from(insurancePolicies).where(eq(insurancePolicies.user_id, owner.id)).orderBy(desc(insurancePolicies.id))).map(policyView);
}
