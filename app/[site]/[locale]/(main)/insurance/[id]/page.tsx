import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { getDb } from '@/lib/db/client';
import { env } from '@/lib/env';
import { firstParam, INSURANCE_PATH } from '@/lib/routes';
import { formatMoney } from '@/lib/money';
import { isolate, isolateLtr } from '@/lib/i18n/bidi';
import { localePrefix } from '@/lib/i18n/locales';
import { formatDate } from '@/lib/portfolio/format';
import { ownPolicy, policyOrder, policyView, premiumPaymentOptions } from '@/lib/insurance/policies';
import { VPA_PENDING_TIMEOUT_MS } from '@/lib/constants/giving';
import { requireCurrentUser } from '@/components/auth/current-user';
import { RefreshUntilSettled } from '@/components/payment/RefreshUntilSettled';
import { PolicyForm } from '@/components/insurance/PolicyForm';
import { PolicyPayForm } from '@/components/insurance/PolicyPayForm';
import { CreditDetailsForm } from '@/components/insurance/CreditDetailsForm';
import { planChoices, planName, planPrice } from '@/components/insurance/plan-labels';
import '@/components/payment/payment.css';
import '@/components/insurance/insurance.css';
import { methodMarks } from '@/components/payment/MethodMark';
import { isRowId } from '@/lib/validation/ids';

// the owner's own policy, from the session cookie: never cached
export const dynamic = 'force-dynamic';
export const metadata: Metadata = { robots: { index: false, follow: false } };

type Props = { params: Promise<{ site: string; locale: string; id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

// /insurance/{id}[?oi=]: the plan, the insured person, the status; the premium's payment while unpaid and
// its outcome when the gateway sends the payer back (spec 4 payment return); the claim account once paid
export default async function PolicyPage({ params, searchParams }: Props) {
  const { locale, id: rawId } = await params;
  setRequestLocale(locale);
  const id = Number(rawId);
  if (!/^\d{1,10}$/.test(rawId) || !isRowId(id)) notFound();
  const oi = firstParam((await searchParams).oi);
  const user = await requireCurrentUser(locale, `${INSURANCE_PATH}/${id}${oi ? `?${new URLSearchParams({ oi })}` : ''}`);
  const db = await getDb();
  // another person's policy is not found, as if it did not exist
  const row = await ownPolicy(db, user, id).catch(() => null);
  if (!row) notFound();
  const policy = policyView(row);
  const order = oi && oi.length <= 64 ? await policyOrder(db, policy.id, oi) : null;
  const [t, messages] = await Promise.all([getTranslations('Insurance'), getMessages()]);
  const tr = t as unknown as (key: string, values?: Record<string, string>) => string;
  const facts = { plan: row.plan, frequency: row.frequency, amount_minor: row.plan_amount_minor, currency: row.currency };
  const name = planName(tr, facts);
  const amount = formatMoney(row.plan_amount_minor, row.currency, locale, { exact: true });
  const date = (d: string) => isolate(formatDate(d, locale));
  return (
    <div className="container section insurance-page" data-testid="policy-page">
      <p>
        <Link href={INSURANCE_PATH}>{t('allPlans')}</Link>
      </p>
      <h1>{t('policyTitle', { plan: isolate(name) })}</h1>
      {order?.status === 'success' && (
        <p className="notice-success" role="status" data-testid="policy-outcome">
          {t('outcomeSuccess')}
        </p>
      )}
      {order?.status === 'failed' && (
        <p className="notice-error" role="alert" data-testid="policy-outcome">
          {t('outcomeFailed', { reason: isolate(order.failure_reason ?? '—') })}
        </p>
      )}
      {order && (order.status === 'created' || order.status === 'pending') && (
        <p role="status" data-testid="policy-outcome">
          {t('outcomePending')}
          <RefreshUntilSettled />
        </p>
      )}
      <dl className="policy-facts">
        <dt>{t('statusLabel')}</dt>
        <dd className={`policy-status-${policy.status}`} data-testid="policy-status">
          {t(`status.${policy.status}`)}
        </dd>
        <dt>{t('premium')}</dt>
        <dd>
          <bdi>{planPrice(tr, locale, facts)}</bdi>
        </dd>
        {policy.insured && (
          <>
            <dt>{t('insured')}</dt>
            <dd>
              <bdi>{policy.insured.full_name}</bdi> · {t(`relations.${policy.insured.relation}`)} · {t('born', { date: date(policy.insured.date_of_birth) })} ·{' '}
              <bdi dir="ltr">{`${policy.insured.extension} ${policy.insured.phone}`}</bdi>
            </dd>
          </>
        )}
        {policy.paid_at && (
          <>
            <dt>{t('paidOnLabel')}</dt>
            <dd>{date(policy.paid_at)}</dd>
          </>
        )}
        {policy.covered_until && (
          <>
            <dt>{t('coverLabel')}</dt>
            <dd data-testid="policy-covered-until">{t('coveredUntil', { date: date(policy.covered_until) })}</dd>
          </>
        )}
      </dl>
      <NextIntlClientProvider locale={locale} messages={{ Insurance: messages.Insurance, Payment: messages.Payment }}>
        {policy.status === 'created' && (
          <>
            <PolicyPayForm
              policyId={policy.id}
              amount={isolate(amount)}
              modes={premiumPaymentOptions(row.currency)}
              marks={methodMarks()}
              locale={locale}
              localePrefix={localePrefix(locale)}
              vpaTimeoutMs={env().VPA_PENDING_TIMEOUT_MS ?? VPA_PENDING_TIMEOUT_MS}
            />
            <details className="policy-section">
              <summary>{t('editLegend')}</summary>
              <PolicyForm
                plans={planChoices(tr, locale)}
                locale={locale}
                localePrefix={localePrefix(locale)}
                signedIn
                policy={{ id: policy.id, plan_id: policy.plan_id, insured: policy.insured }}
              />
            </details>
          </>
        )}
        {policy.status === 'paid' && (
          <section className="policy-section" aria-labelledby="credit-title" data-testid="credit-details">
            <h2 id="credit-title">{t('credit.title')}</h2>
            <p>{t('credit.text')}</p>
            {policy.credit_details ? (
              <>
                <p role="status" data-testid="credit-saved">
                  {t('credit.saved', { last4: isolateLtr(policy.credit_details.account_number_last4), ifsc: isolateLtr(policy.credit_details.ifsc_code) })}
                </p>
                <details>
                  <summary>{t('credit.change')}</summary>
                  <CreditDetailsForm policyId={policy.id} locale={locale} />
                </details>
              </>
            ) : (
              <CreditDetailsForm policyId={policy.id} locale={locale} />
            )}
          </section>
        )}
      </NextIntlClientProvider>
    </div>
  );
}
