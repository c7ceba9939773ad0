// Subscribing to monthly giving (spec 3, 5, 9): the causes and amounts pass spec 5's rules (lib/sip/rules.ts,
// the same the page runs), each amount is rounded as the page showed, the SIP is written waiting for its mandate, and the
// donor is sent to authorise the mandate; the mandate's event starts the SIP (lib/sip/mandate-events.ts).
import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { subscriptionLines, subscriptions } from '../db/schema';
import { ACTIVE_SIP_STATUS_FLAGS, SIP_MANDATE_HEADROOM } from '../constants/sip';
import { toMajor, toMinor } from '../money';
import { ApiError } from '../http/errors';
import { localizedPath } from '../i18n/locales';
import { createMandate } from '../payments/mandates';
import { gatewayNameFor, modeUnavailable } from '../payments/registry';
import { SIP_WELCOME_PATH } from '../payments/redirects';
import { roundSipAmount, sipGatewayValue, sipMethodsFor, sipTotalProblems } from './rules';
import type { Subscribe } from '../validation/sip';
import { SIP_STATUS } from './status';
import { recordMandateCover } from './cover';

export interface SubscribeAnswer {
  subscription_id: number;
  /** the monthly amount after rounding, in major units */
  amount: number;
  currency: string;
  causes: { sip_cause: string; amount: number }[];
  /** where the donor authorises the mandate */
  authorise_url: string;
}

/** The donor's SIPs that still count (spec 4: 1, 2, 4, 5), by cause, for spec 5's existing-subscription exception. */
export async function existingSipAmounts(db: DbOrTx, userId: number): Promise<{ sip_cause: string; amount: number; currency: string }[]> {
  const rows = await db
    .select({ cause: subscriptionLines.sip_cause, amount: subscriptionLines.amount_minor, currency: subscriptions.currency })
    .from(subscriptionLines)
    .innerJoin(subscriptions, eq(subscriptions.id, subscriptionLines.subscription_id))
    .where(and(eq(subscriptions.user_id, userId), inArray(subscriptions.status_flag, [...ACTIVE_SIP_STATUS_FLAGS])));
  return rows.flatMap((r) => (r.cause ? [{ sip_cause: r.cause, amount: toMajor(r.amount), currency: r.currency }] : []));
}

const fieldError = (fields: Record<string, string>) => new ApiError('validation_failed', Object.values(fields)[0], fields);

export async function subscribe(db: Db, user: { id: number }, input: Subscribe, ctx: { origin: string; locale: string }): Promise<SubscribeAnswer> {
  // spec 5: the minimums judge what the donor entered (rounding up never makes a gift valid); the rounded amount, shown
  // on the page before paying, is what is charged
  const problems = sipTotalProblems({ currency: input.currency, causes: input.causes, existing: await existingSipAmounts(db, user.id) });
  if (Object.keys(problems).length) throw fieldError(problems);
  const causes = input.causes.map((c) => ({ sip_cause: c.sip_cause, amount: roundSipAmount(c.amount, input.currency) }));
  const gateway = sipMethodsFor(input.currency).includes(input.payment_method) ? gatewayNameFor(input.currency, input.payment_method === 'CARD' ? 'Emandate' : input.payment_method) : null;
  if (!gateway) throw modeUnavailable();
  const totalMinor = causes.reduce((n, c) => n + toMinor(c.amount), 0);

  const id = await db.transaction(async (tx) => {
    const [sub] = await tx
      .insert(subscriptions)
      .values({
        user_id: user.id,
        sip_cause: causes[0].sip_cause,
        currency: input.currency,
        amount_minor: totalMinor,
        status_flag: SIP_STATUS.awaitingMandate,
        payment_gateway: sipGatewayValue(gateway),
        month_interval: input.month_interval,
        tenure: input.tenure ?? null,
        ngo_sip: input.ngo_sip ?? false,
        locale: ctx.locale,
      })
      .returning({ id: subscriptions.id });
    await tx.insert(subscriptionLines).values(causes.map((c) => ({ subscription_id: sub.id, sip_cause: c.sip_cause, amount_minor: toMinor(c.amount) })));
    return sub.id;
  });
  const returnUrl = `${ctx.origin}${localizedPath(ctx.locale, SIP_WELCOME_PATH)}?${new URLSearchParams({ subscription: String(id) })}`;
  try {
    const { mandate, authoriseUrl } = await createMandate(db, { userId: user.id, gateway, method: input.payment_method, maxAmountMinor: totalMinor * SIP_MANDATE_HEADROOM, currency: input.currency, vpa: input.vpa }, { origin: ctx.origin, returnUrl });
    await db.update(subscriptions).set({ mandate_id: mandate.id, updated_at: new Date() }).where(eq(subscriptions.id, id));
    // the mandate is authorised for this SIP only: no other SIP of the donor moves onto it unasked
    await recordMandateCover(db, mandate.id, [id]);
    return { subscription_id: id, amount: toMajor(totalMinor), currency: input.currency, causes, authorise_url: authoriseUrl };
  } catch (error) {
    // no mandate, no SIP: nothing is left half-made for the charge run to find
    await db.delete(subscriptions).where(eq(subscriptions.id, id));
    throw error;
  }
}
