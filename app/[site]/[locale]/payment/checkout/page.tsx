import type { Metadata } from 'next';
import { firstParam } from '@/lib/routes';
import { and, eq } from 'drizzle-orm';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { getDb } from '@/lib/db/client';
import { orders } from '@/lib/db/schema';
import { payerOf } from '@/lib/donations/service';
import { isCheckoutOrder } from '@/lib/payments/results';
import { env } from '@/lib/env';
import { formatMoney } from '@/lib/money';
import { getBrand, getSiteUrl } from '@/components/layout/request-context';
import { RazorpayCheckout } from '@/components/payment/RazorpayCheckout';
import { isMandateReturnUrl, isPaymentReturnUrl } from '@/lib/payments/redirects';
import { mandateToAuthorise } from '@/lib/payments/mandates';
import '@/components/payment/payment.css';
import { orderTotalMinor } from '@/lib/payments/order-total';

// Razorpay's checkout step: our page opens their Checkout with the order created through their Orders API.
export const dynamic = 'force-dynamic';
export const metadata: Metadata = { robots: { index: false, follow: false } };

type Props = { params: Promise<{ site: string; locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };
const one = (v: string | string[] | undefined) => firstParam(v) ?? '';

export default async function GatewayCheckoutPage({ params, searchParams }: Props) {
  const { site, locale } = await params;
  const sp = await searchParams;
  const keyId = env().RAZORPAY_KEY_ID;
  // the result goes back to our own payment-route only, never to a URL someone put in the link
  const returnUrl = one(sp.return_url);
  if (one(sp.gateway) !== 'razorpay' || !keyId) notFound();
  if (sp.mandate) return <MandateCheckout site={site} locale={locale} keyId={keyId} gatewayMandateId={one(sp.mandate)} returnUrl={returnUrl} />;
  if (!isPaymentReturnUrl(returnUrl, await getSiteUrl(site))) notFound();
  setRequestLocale(locale);
  const db = await getDb();
  const [row] = await db
    .select({ order: orders })
    .from(orders)
    .where(and(eq(orders.order_id, one(sp.oi)), eq(orders.gateway_order_id, one(sp.gateway_order_id)), eq(orders.payment_gateway, 'razorpay')));
  // a gift or tip (its donor on the cart) or an insurance premium (its signed-in payer); never a SIP month
  if (!row || !isCheckoutOrder(row.order) || row.order.status === 'success') notFound();
  const payer = await payerOf(db, row.order);
  const [t, brand] = await Promise.all([getTranslations('Payment'), getBrand(site)]);
  const amountMinor = orderTotalMinor(row.order);
  const currency = row.order.iso_currency;
  const amount = formatMoney(amountMinor, currency, locale, { exact: true });
  return (
    <main id="main" className="container section payment-page">
      <h1>{t('total', { amount })}</h1>
      <p className="badge secure">{t('secure')}</p>
      <RazorpayCheckout
        keyId={keyId}
        gatewayOrderId={row.order.gateway_order_id!}
        amountMinor={amountMinor}
        currency={currency}
        name={brand.name}
        prefill={{ name: payer.name, email: payer.email, contact: payer.phone, ...(row.order.payment_mode === 'NEFT' ? { method: 'bank_transfer' as const } : {}) }}
        returnUrl={returnUrl}
        labels={{ pay: t('submit', { amount }), failed: t('failedNoReason') }}
      />
    </main>
  );
}

// a SIP mandate's authorisation on Razorpay's Checkout (recurring, for the donor's Razorpay customer); the
// signed result goes back to the SIP welcome page, which applies it
async function MandateCheckout({ site, locale, keyId, gatewayMandateId, returnUrl }: { site: string; locale: string; keyId: string; gatewayMandateId: string; returnUrl: string }) {
  if (!isMandateReturnUrl(returnUrl, await getSiteUrl(site))) notFound();
  setRequestLocale(locale);
  const row = await mandateToAuthorise(await getDb(), 'razorpay', gatewayMandateId);
  if (!row) notFound();
  const [t, ts, brand] = await Promise.all([getTranslations('Payment'), getTranslations('SipSubscribe'), getBrand(site)]);
    const max = formatMoney(row.mandate.max_amount_minor, row.mandate.currency, locale, { exact: true });
  return (
    <main id="main" className="container section payment-page">
      <h1>{ts('authoriseTitle')}</h1>
      <p>{ts('authoriseText', { max })}</p>
      <p className="badge secure">{t('secure')}</p>
      <RazorpayCheckout
        keyId={keyId}
        gatewayOrderId={gatewayMandateId}
        amountMinor={row.authorisationMinor}
        currency={row.mandate.currency}
        name={brand.name}
        prefill={{ name: row.user.full_name, email: row.user.email, contact: row.user.phone_1 }}
        returnUrl={returnUrl}
        recurring={{ customerId: row.customerId, mandateRef: row.mandateRef }}
        labels={{ pay: ts('authorise'), failed: t('failedNoReason') }}
      />
    </main>
  );
}
