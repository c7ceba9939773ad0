// A SIP's emails about the donor's own changes: each confirmed to its donor (lib/email/sip.ts), inside the change's transaction.
import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { subscriptionLines, subscriptions } from '../db/schema';
import { enqueueMessage } from '../outbox/queue';
import { sipConfirmationEmail, type SipConfirmation } from '../email/sip';
import { emailBrand } from '../email/brand';
import { mainSiteOrigin } from '../whitelabel/site';
import { siteConfig } from '../whitelabel/resolve';
import { addSipMonths } from './calendar';
import { sipLinkBlock } from './links';
import { sipDonorOf, sipPeriod } from './settled';
import { isLiveSip } from './status';

/**
 * The donor hears of every change to their SIP by email, in its language, written in the change's own
 * transaction (it leaves exactly when the change holds): the SIP as it now stands, with its signed one-tap links.
 */
export async function confirmSipChange(tx: Tx, subscriptionId: number, change: SipConfirmation, ctx?: { origin: string } | null): Promise<void> {
  const [sub] = await tx.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId));
  const origin = ctx?.origin ?? mainSiteOrigin(siteConfig());
  const donor = sub ? await sipDonorOf(tx, sub, origin) : null;
  // a placeholder address reaches nobody
  if (!sub || !donor?.email) return;
  const lines = await tx.select({ sip_cause: subscriptionLines.sip_cause }).from(subscriptionLines).where(eq(subscriptionLines.subscription_id, sub.id)).orderBy(subscriptionLines.id);
  const causes = [...new Set((lines.length ? lines.map((l) => l.sip_cause ?? sub.sip_cause) : [sub.sip_cause]).filter((c): c is string => !!c))];
  // a skipped month is not the next debit: the one after it is
  const next = sub.next_payment_date && sub.skip_period === sipPeriod(sub.next_payment_date) ? addSipMonths(sub.next_payment_date, sub.month_interval) : sub.next_payment_date;
  const brand = await emailBrand(tx, origin);
  const email = await sipConfirmationEmail(change, {
    locale: sub.locale,
    donorName: donor.name,
    amountMinor: sub.amount_minor,
    currency: sub.currency,
    causes,
    nextDebit: isLiveSip(sub.status_flag) ? next : null,
    origin,
    brand: brand.name,
    color: brand.color,
    links: await sipLinkBlock(tx, sub.id, origin),
  });
  await enqueueMessage(tx, { channel: 'email', recipient: donor.email, subject: email.subject, body: email.text, html: email.html });
}

