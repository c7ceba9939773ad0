import type { Metadata } from 'next';
import { firstParam } from '@/lib/routes';
import { eq } from 'drizzle-orm';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { getDb } from '@/lib/db/client';
import { sandboxPayments } from '@/lib/db/schema';
import { formatMoney } from '@/lib/money';
import { sandboxGatewayEnabled } from '@/lib/env';
import '@/components/payment/payment.css';

// The sandbox gateway's hosted checkout: stands where a real gateway's page would be.
export const dynamic = 'force-dynamic';
export const metadata: Metadata = { robots: { index: false, follow: false } };

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };
const one = (v: string | string[] | undefined) => firstParam(v) ?? '';

export default async function SandboxCheckoutPage({ params, searchParams }: Props) {
  // the sandbox's checkout exists only where the sandbox gateway is enabled (never beside real keys)
  if (!sandboxGatewayEnabled()) notFound();
  const { locale } = await params;
  setRequestLocale(locale);
  const sp = await searchParams;
  const gatewayOrderId = one(sp.gateway_order_id);
  const [payment] = gatewayOrderId ? await (await getDb()).select().from(sandboxPayments).where(eq(sandboxPayments.gateway_order_id, gatewayOrderId)) : [];
  if (!payment) notFound();
  const t = await getTranslations('Sandbox');
  return (
    <main id="main" className="container section payment-page">
      <h1>{t('title')}</h1>
      <p>{t('text', { amount: formatMoney(payment.amount_minor, payment.currency, locale, { exact: true }) })}</p>
      <form method="post" action="/api/payment/sandbox/complete" className="sandbox-actions">
        <input type="hidden" name="gateway_order_id" value={gatewayOrderId} />
        <input type="hidden" name="return_url" value={one(sp.return_url)} />
        <button className="btn btn-primary" name="status" value="success">
          {t('success')}
        </button>
        <button className="btn btn-secondary" name="status" value="failed">
          {t('failure')}
        </button>
        <button className="btn btn-secondary" name="status" value="pending">
          {t('pending')}
        </button>
      </form>
    </main>
  );
}
