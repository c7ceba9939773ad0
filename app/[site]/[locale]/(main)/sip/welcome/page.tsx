import type { Metadata } from 'next';
import { and, eq } from 'drizzle-orm';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { getDb } from '@/lib/db/client';
import { subscriptionLines, subscriptions } from '@/lib/db/schema';
import { firstParam, SIP_PAGE_PATH } from '@/lib/routes';
import { formatMoney } from '@/lib/money';
import { SIP_STATUS } from '@/lib/sip/status';
import { requireCurrentUser } from '@/components/auth/current-user';
import { getSiteUrl } from '@/components/layout/request-context';
import { acceptMandateReturn } from '@/lib/payments/mandates';
import '@/components/sip/sip.css';
import { isRowId } from '@/lib/validation/ids';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ site: string; locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'SipSubscribe' });
  return { title: t('welcomeTitle'), robots: { index: false, follow: false } };
}

// where the mandate's authorisation sends the donor back (lib/payments/redirects.ts SIP_WELCOME_PATH): their SIP, as it stands
export default async function SipWelcomePage({ params, searchParams }: Props) {
  const { site, locale } = await params;
  setRequestLocale(locale);
  const sp = await searchParams;
  const id = Number(firstParam(sp.subscription));
  const user = await requireCurrentUser(locale, `/sip/welcome?subscription=${Number.isSafeInteger(id) ? id : ''}`);
  if (!isRowId(id)) notFound();
  const db = await getDb();
  let [sub] = await db.select().from(subscriptions).where(and(eq(subscriptions.id, id), eq(subscriptions.user_id, user.id)));
  if (!sub) notFound();
  // the provider's page brings the mandate's result here (Razorpay signed, Stripe as a session id read back from Stripe):
  // applied now, as its webhook would do later
  const returnedFrom = firstParam(sp.razorpay_signature) ? 'razorpay' : firstParam(sp.session_id) ? 'stripe' : null;
  if (returnedFrom) {
    const returned = Object.fromEntries(Object.entries(sp).map(([k, v]) => [k, firstParam(v) ?? '']));
    if (await acceptMandateReturn(db, returnedFrom, returned, await getSiteUrl(site))) [sub] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
  }
  const lines = await db.select().from(subscriptionLines).where(eq(subscriptionLines.subscription_id, id));
  const [t, tc] = await Promise.all([getTranslations('SipSubscribe'), getTranslations('Sip.causes')]);
  const active = sub.status_flag === SIP_STATUS.active;
  return (
    <div className="container section sip-page" data-testid="sip-welcome">
      <h1>{active ? t('welcomeTitle') : t('waitingTitle')}</h1>
      <p role="status">{active ? t('welcomeText', { amount: formatMoney(sub.amount_minor, sub.currency, locale) }) : t('waitingText')}</p>
      <ul className="sip-lines">
        {lines.map((l) => (
          <li key={l.id}>
            <span>{l.sip_cause ? tc(l.sip_cause as never) : ''}</span> <strong>{formatMoney(l.amount_minor, sub.currency, locale)}</strong>
          </li>
        ))}
      </ul>
      <p>
        <Link className="btn btn-primary" href={SIP_PAGE_PATH}>
          {t('toMySips')}
        </Link>
      </p>
    </div>
  );
}
