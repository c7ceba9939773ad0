import type { Metadata } from 'next';
import { and, eq } from 'drizzle-orm';
import { headers } from 'next/headers';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import { getDb } from '@/lib/db/client';
import { carts, orders } from '@/lib/db/schema';
import { firstParam } from '@/lib/routes';
import { formatMoney, CURRENCY_CODES, DEFAULT_CURRENCY } from '@/lib/money';
import { locationFromHeaders } from '@/lib/payments/options';
import { offeredPaymentOptions } from '@/lib/payments/registry';
import { PLATFORM_FEE_PERCENT } from '@/lib/constants/giving';
import { maskEmail } from '@/lib/portfolio/format';
import { getBrand, getSiteUrl } from '@/components/layout/request-context';
import { mayReadOrder } from '@/lib/payments/results';
import { currentCheckoutReader, returnedParams } from '@/components/payment/checkout-reader';
import { TipForm } from '@/components/payment/TipForm';
import { PaymentFailedNotice } from '@/components/payment/PaymentFailedNotice';
import { RefreshUntilSettled } from '@/components/payment/RefreshUntilSettled';
import '@/components/payment/payment.css';
import { captchaWidget } from '@/lib/security/captcha';
import { methodMarks } from '@/components/payment/MethodMark';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { robots: { index: false, follow: true } };

type Props = { params: Promise<{ site: string; locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * The tip this page came back with (?oi=...&st=s), read from our database: the address alone proves nothing, and only
 * its donor (their session, the browser that made the cart, or the gateway's signed return) is thanked with it.
 */
async function returnedTip(oi: string | undefined, query: Record<string, string | string[] | undefined>, siteUrl: string) {
  if (!oi || oi.length > 64) return null;
  const db = await getDb();
  const [row] = await db
    .select({ order: orders, amount: orders.tip_amount_minor, currency: orders.iso_currency, email: carts.donor_email, name: carts.donor_name })
    .from(orders)
    .innerJoin(carts, eq(carts.id, orders.cart_id))
    .where(and(eq(orders.order_id, oi), eq(orders.kind, 'tip')));
  if (!row || !(await mayReadOrder(row.order, await currentCheckoutReader(), returnedParams(query), siteUrl))) return null;
  return { status: row.order.status, orderId: row.order.order_id, amount: row.amount, currency: row.currency, email: row.email, name: row.name };
}

// spec 2 /new/standalonetip (origin tip): give to the platform that charges fundraisers nothing
export default async function StandaloneTipPage({ params, searchParams }: Props) {
  const { site, locale } = await params;
  setRequestLocale(locale);
  const sp = await searchParams;
  const [t, brand, messages, siteUrl] = await Promise.all([getTranslations('Tip'), getBrand(site), getMessages(), getSiteUrl(site)]);
  const paid = firstParam(sp.st) === 's' ? await returnedTip(firstParam(sp.oi), sp, siteUrl) : null;
  // a failed tip shows the form again (the gateway's way back carries st=f and the reason)
  if (paid && paid.status !== 'failed') {
    return (
      <div className="container section payment-page" data-testid="tip-thanks">
        {paid.status === 'success' ? (
          <>
            <h1>{t('thanksTitle', { name: paid.name })}</h1>
            <p>{t('thanksText', { amount: formatMoney(paid.amount, paid.currency, locale, { exact: true }), brand: brand.name })}</p>
            <section className="panel thank-you-receipt">
              <p data-testid="receipt-number">{t('receipt', { number: paid.orderId })}</p>
              <p>{t('receiptSent', { email: maskEmail(paid.email) })}</p>
            </section>
          </>
        ) : (
          <div className="payment-status" role="status">
            <p>{t('pending')}</p>
            <RefreshUntilSettled />
          </div>
        )}
      </div>
    );
  }
  return (
    <div className="container section payment-page">
      <header className="pay-intro">
        <h1>{t('title', { brand: brand.name })}</h1>
        <p>{t('text', { brand: brand.name, percent: PLATFORM_FEE_PERCENT })}</p>
      </header>
      <PaymentFailedNotice template={t('failed', { reason: '{reason}' })} fallback={t('failedNoReason')} />
      <ul className="trust-line">
        <li>{t('secure')}</li>
        <li>{t('whereItGoes')}</li>
      </ul>
      <NextIntlClientProvider messages={{ Payment: messages.Payment, Tip: messages.Tip }}>
        <TipForm
          defaultCurrency={locationFromHeaders(await headers()).currency ?? DEFAULT_CURRENCY}
          locale={locale}
          modesByCurrency={Object.fromEntries(CURRENCY_CODES.map((c) => [c, offeredPaymentOptions(c, 'tip')]))}
          marks={methodMarks()}
          captcha={captchaWidget()}
        />
      </NextIntlClientProvider>
    </div>
  );
}
