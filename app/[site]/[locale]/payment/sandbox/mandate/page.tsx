import type { Metadata } from 'next';
import { and, eq } from 'drizzle-orm';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { firstParam } from '@/lib/routes';
import { getDb } from '@/lib/db/client';
import { mandates } from '@/lib/db/schema';
import { formatMoney } from '@/lib/money';
import { sandboxGatewayEnabled } from '@/lib/env';
import { SANDBOX_MANDATE_OUTCOMES } from '@/lib/constants/payments';
import '@/components/payment/payment.css';

// The sandbox gateway's mandate page: stands where a bank's e-mandate or a UPI app's AutoPay screen would be.
export const dynamic = 'force-dynamic';
export const metadata: Metadata = { robots: { index: false, follow: false } };

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };
const one = (v: string | string[] | undefined) => firstParam(v) ?? '';

export default async function SandboxMandatePage({ params, searchParams }: Props) {
  if (!sandboxGatewayEnabled()) notFound();
  const { locale } = await params;
  setRequestLocale(locale);
  const sp = await searchParams;
  const mandateId = one(sp.mandate_id);
  const [mandate] = mandateId ? await (await getDb()).select().from(mandates).where(and(eq(mandates.gateway, 'sandbox'), eq(mandates.gateway_mandate_id, mandateId))) : [];
  if (!mandate) notFound();
  const t = await getTranslations('SandboxMandate');
  return (
    <main id="main" className="container section payment-page">
      <h1>{t('title')}</h1>
      <p>{t('text', { amount: formatMoney(mandate.max_amount_minor, mandate.currency, locale, { exact: true }), method: mandate.method })}</p>
      <form method="post" action="/api/payment/sandbox/mandate" className="sandbox-actions">
        <input type="hidden" name="mandate_id" value={mandateId} />
        <input type="hidden" name="return_url" value={one(sp.return_url)} />
        {SANDBOX_MANDATE_OUTCOMES.map((o, i) => (
          <button key={o} className={`btn ${i === 0 ? 'btn-primary' : 'btn-secondary'}`} name="outcome" value={o}>
            {t(`outcome.${o}`)}
          </button>
        ))}
        <button className="btn btn-secondary" name="outcome" value="refuse">
          {t('refuse')}
        </button>
      </form>
    </main>
  );
}
