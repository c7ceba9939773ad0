import type { Metadata } from 'next';
import { firstParam } from '@/lib/routes';
import { eq } from 'drizzle-orm';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { getDb } from '@/lib/db/client';
import { orders, sandboxPayments } from '@/lib/db/schema';
import { sandboxTransferAccount } from '@/lib/payments/sandbox';
import { getBrand } from '@/components/layout/request-context';
import { formatMoney } from '@/lib/money';
import { sandboxGatewayEnabled } from '@/lib/env';
import '@/components/payment/payment.css';

// The sandbox gateway's hosted checkout: stands where a real gateway's page would be.
export const dynamic = 'force-dynamic';
export const metadata: Metadata = { robots: { index: false, follow: false } };

type Props = { params: Promise<{ site: string; locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };
const one = (v: string | string[] | undefined) => firstParam(v) ?? '';

export default async function SandboxCheckoutPage({ params, searchParams }: Props) {
  // the sandbox's checkout exists only where the sandbox gateway is enabled (never beside real keys)
  if (!sandboxGatewayEnabled()) notFound();
  const { site, locale } = await params;
  setRequestLocale(locale);
  const sp = await searchParams;
  const gatewayOrderId = one(sp.gateway_order_id);
  const [payment] = gatewayOrderId ? await (await getDb()).select().from(sandboxPayments).where(eq(sandboxPayments.gateway_order_id, gatewayOrderId)) : [];
  if (!payment) notFound();
  const t = await getTranslations('Sandbox');
  const amount = formatMoney(payment.amount_minor, payment.currency, locale, { exact: true });
  const [order] = await (await getDb()).select({ mode: orders.payment_mode, params: orders.params }).from(orders).where(eq(orders.gateway_order_id, gatewayOrderId));
  if (order?.mode === 'NEFT') return <BankTransfer site={site} gatewayOrderId={gatewayOrderId} returnUrl={one(sp.return_url)} amount={amount} payer={(order.params as { payer_bank?: PayerBank } | null)?.payer_bank ?? null} />;
  return (
    <main id="main" className="container section payment-page">
      <h1>{t('title')}</h1>
      <p>{t('text', { amount })}</p>
      <SandboxActions gatewayOrderId={gatewayOrderId} returnUrl={one(sp.return_url)} labels={{ success: t('success'), failed: t('failure'), pending: t('pending') }} />
    </main>
  );
}

/** The tester's choice of outcome, posted to the sandbox's complete route (which signs the return and the webhook). */
function SandboxActions({ gatewayOrderId, returnUrl, labels }: { gatewayOrderId: string; returnUrl: string; labels: Record<'success' | 'failed' | 'pending', string> }) {
  return (
    <form method="post" action="/api/payment/sandbox/complete" className="sandbox-actions">
      <input type="hidden" name="gateway_order_id" value={gatewayOrderId} />
      <input type="hidden" name="return_url" value={returnUrl} />
      {(['success', 'failed', 'pending'] as const).map((status) => (
        <button key={status} className={`btn ${status === 'success' ? 'btn-primary' : 'btn-secondary'}`} name="status" value={status}>
          {labels[status]}
        </button>
      ))}
    </form>
  );
}

type PayerBank = { account_last4: string; ifsc_code: string; bank_name: string };

// a bank transfer as Razorpay's Checkout shows it: the account opened for this order, to pay into from the donor's bank
async function BankTransfer({ site, gatewayOrderId, returnUrl, amount, payer }: { site: string; gatewayOrderId: string; returnUrl: string; amount: string; payer: PayerBank | null }) {
  const [t, brand] = await Promise.all([getTranslations('Sandbox'), getBrand(site)]);
  const to = sandboxTransferAccount(gatewayOrderId);
  return (
    <main id="main" className="container section payment-page">
      <h1>
        <bdi>{t('transferTitle', { amount })}</bdi>
      </h1>
      <p>{t('transferText')}</p>
      <dl className="transfer-account" data-testid="transfer-account">
        <dt>{t('transferName')}</dt>
        <dd>{brand.name}</dd>
        <dt>{t('transferAccount')}</dt>
        <dd dir="ltr">{to.accountNumber}</dd>
        <dt>{t('transferIfsc')}</dt>
        <dd dir="ltr">{to.ifsc}</dd>
      </dl>
      {payer && (
        <p className="hint">
          {t('transferFrom', { last4: payer.account_last4, bank: payer.bank_name })}
        </p>
      )}
      <SandboxActions gatewayOrderId={gatewayOrderId} returnUrl={returnUrl} labels={{ success: t('transferArrived'), failed: t('transferNotMade'), pending: t('transferLater') }} />
    </main>
  );
}
