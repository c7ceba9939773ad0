import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { getDb } from '@/lib/db/client';
import { deskOrder } from '@/lib/desk/orders';
import { ApiError } from '@/lib/http/errors';
import { capabilitiesOf } from '@/lib/permissions/staff';
import { DeskOrderIdSchema } from '@/lib/validation/desk';
import { formatMoney } from '@/lib/money';
import { isolate } from '@/lib/i18n/bidi';
import { formatDateTime } from '@/lib/portfolio/format';
import { decodedSegment, DESK_PATHS, storyPath } from '@/lib/routes';
import { staffForPage } from '@/components/desk/staff-page';
import { DeskNav } from '@/components/desk/DeskNav';
import { DeskWords } from '@/components/desk/DeskWords';
import { OrderActions } from '@/components/desk/OrderActions';
import '@/components/desk/desk.css';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ site: string; locale: string; orderId: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'Desk' });
  return { title: t('order.title'), robots: { index: false, follow: false } };
}

// one gift as the desk sees it: what was paid, by whom, what the gateway said, what the ledger wrote, refunds and emails
export default async function DeskOrderPage({ params }: Props) {
  const { locale, orderId: raw } = await params;
  setRequestLocale(locale);
  const staff = await staffForPage('orders.view');
  const id = DeskOrderIdSchema.safeParse(decodedSegment(raw));
  if (!id.success) notFound();
  const db = await getDb();
  // an order id that names nothing is this page's 404; anything else is a real failure
  const found = await deskOrder(db, id.data).catch((e: unknown) => {
    if (e instanceof ApiError && e.code === 'not_found') return null;
    throw e;
  });
  if (!found) notFound();
  const t = await getTranslations('Desk');
  const { order, cart, account, fundraiser } = found;
  const may = capabilitiesOf(staff.staffRoles);
  const money = (minor: number, currency: string) => formatMoney(minor, currency, locale, { exact: true });
  const asked = found.refunds.filter((r) => r.status !== 'failed').reduce((sum, r) => sum + r.amount_minor, 0);
  const refundable = order.status === 'success' ? Math.max(0, found.totalMinor - asked) : 0;

  return (
    <div className="container section desk-page">
      <DeskNav roles={staff.staffRoles} current="orders" />
      <p className="desk-back">
        <Link href={DESK_PATHS.orders}>{t('order.back')}</Link>
      </p>
      <header className="desk-order-head">
        <h1>
          {t('order.title')} <bdi dir="ltr" className="desk-id">{order.order_id}</bdi>
        </h1>
        <p>
          <span className={`desk-status desk-status-${order.status}`} data-testid="desk-order-status">
            {t(`status.${order.status}`)}
          </span>{' '}
          <strong className="desk-amount">{money(found.totalMinor, order.iso_currency)}</strong>
        </p>
      </header>

      <DeskWords>
        <OrderActions
          orderId={order.order_id}
          currency={order.iso_currency}
          refundableMinor={refundable}
          paid={order.status === 'success'}
          donor={cart ? { donor_name: cart.donor_name, donor_email: cart.donor_email, donor_pan: cart.donor_pan ?? '', donor_address: cart.donor_address ?? '' } : null}
          may={{ resend: may.has('receipt.resend'), refund: may.has('refund.request'), correct: may.has('donor.correct') }}
        />
      </DeskWords>

      <section className="desk-card" aria-labelledby="desk-payment">
        <h2 id="desk-payment">{t('order.payment')}</h2>
        <dl className="desk-facts">
          <Fact label={t('order.donated')}>{money(order.donated_amount_minor, order.iso_currency)}</Fact>
          <Fact label={t('order.tip')}>{money(order.tip_amount_minor, order.iso_currency)}</Fact>
          <Fact label={t('order.kind')}>{t(`kind.${order.kind}`)}</Fact>
          <Fact label={t('order.gateway')}>
            <bdi dir="ltr">{order.payment_gateway}</bdi> · <bdi dir="ltr">{order.payment_mode}</bdi>
          </Fact>
          <Fact label={t('order.paymentId')}>
            <bdi dir="ltr">{order.gateway_payment_id ?? '—'}</bdi>
          </Fact>
          <Fact label={t('order.created')}>{formatDateTime(order.created_at, locale)}</Fact>
          <Fact label={t('order.settled')}>{order.settled_at ? formatDateTime(order.settled_at, locale) : '—'}</Fact>
          {fundraiser && (
            <Fact label={t('order.fundraiser')}>
              {fundraiser.customTag ? (
                <Link href={storyPath(fundraiser.customTag)}>
                  <bdi>{fundraiser.title}</bdi>
                </Link>
              ) : (
                <bdi>{fundraiser.title}</bdi>
              )}
              <br />
              <span data-testid="desk-raised">{t('order.raised', { amount: money(fundraiser.raisedMinor, fundraiser.currency) })}</span>
            </Fact>
          )}
          {found.receiptLink && (
            <Fact label={t('order.receipt')}>
              <a href={found.receiptLink} target="_blank" rel="noopener">
                {t('order.openReceipt')}
              </a>
            </Fact>
          )}
        </dl>
      </section>

      <section className="desk-card" aria-labelledby="desk-donor">
        <h2 id="desk-donor">{t('order.donor')}</h2>
        <dl className="desk-facts">
          <Fact label={t('donor.name')}>
            <bdi>{cart?.donor_name ?? account?.name ?? '—'}</bdi>
          </Fact>
          <Fact label={t('donor.email')}>
            <bdi dir="ltr" className="desk-break">{cart?.donor_email ?? account?.email ?? '—'}</bdi>
          </Fact>
          <Fact label={t('donor.phone')}>
            <bdi dir="ltr">{cart?.donor_phone ? `${cart.donor_extension ?? ''} ${cart.donor_phone}`.trim() : (account?.phone ?? '—')}</bdi>
          </Fact>
          <Fact label={t('donor.pan')}>
            <bdi dir="ltr">{cart?.donor_pan ?? '—'}</bdi>
          </Fact>
          <Fact label={t('donor.address')}>
            <bdi className="desk-break">{cart?.donor_address ?? '—'}</bdi>
          </Fact>
          {cart?.details_corrected_at && <Fact label={t('donor.corrected')}>{formatDateTime(cart.details_corrected_at, locale)}</Fact>}
        </dl>
      </section>

      <section className="desk-card" aria-labelledby="desk-refunds">
        <h2 id="desk-refunds">{t('order.refunds')}</h2>
        {found.refunds.length === 0 ? (
          <p className="muted">{t('order.none')}</p>
        ) : (
          <ul className="desk-rows" data-testid="desk-refunds">
            {found.refunds.map((r) => (
              <li key={r.id}>
                <strong>{money(r.amount_minor, r.currency)}</strong> <span className={`desk-status desk-status-${r.status}`}>{t(`refundStatus.${r.status}`)}</span>
                {r.held_for_finance && <span className="desk-status desk-status-held"> {t('refunds.held')}</span>}
                <p className="desk-row-note">
                  <bdi>{r.reason ?? '—'}</bdi>
                  {r.requestedByName && (
                    <>
                      {' · '}
                      {t('order.by', { name: isolate(r.requestedByName) })}
                    </>
                  )}
                  {' · '}
                  {formatDateTime(r.created_at, locale)}
                </p>
                {r.failure_reason && <p className="desk-row-note">{t('order.failure', { reason: isolate(r.failure_reason) })}</p>}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="desk-card" aria-labelledby="desk-ledger">
        <h2 id="desk-ledger">{t('order.ledger')}</h2>
        {found.ledger.length === 0 ? (
          <p className="muted">{t('order.none')}</p>
        ) : (
          <div className="desk-table-wrap" role="region" aria-labelledby="desk-ledger" tabIndex={0}>
            <table className="desk-table" data-testid="desk-ledger">
              <thead>
                <tr>
                  <th scope="col">{t('ledger.group')}</th>
                  <th scope="col">{t('ledger.account')}</th>
                  <th scope="col">{t('ledger.kind')}</th>
                  <th scope="col">{t('ledger.amount')}</th>
                </tr>
              </thead>
              <tbody>
                {found.ledger.map((l) => (
                  <tr key={l.id} data-testid="desk-ledger-line">
                    <td>
                      <bdi dir="ltr">{breakAfterColon(l.group_id)}</bdi>
                    </td>
                    <td>
                      <bdi dir="ltr">{breakAfterColon(l.account)}</bdi>
                    </td>
                    <td>{t(`ledgerKind.${l.kind as "donation"}`)}</td>
                    <td className="desk-num">{money(l.amount_minor, l.currency)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section className="desk-card" aria-labelledby="desk-events">
        <h2 id="desk-events">{t('order.events')}</h2>
        {found.events.length === 0 ? (
          <p className="muted">{t('order.none')}</p>
        ) : (
          <ul className="desk-rows">
            {found.events.map((e) => (
              <li key={e.id}>
                <bdi dir="ltr">{e.type}</bdi> · <bdi dir="ltr">{e.gateway}</bdi> · <bdi dir="ltr">{e.source}</bdi> · {formatDateTime(e.received_at, locale)}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="desk-card" aria-labelledby="desk-emails">
        <h2 id="desk-emails">{t('order.emails')}</h2>
        {found.emails.length === 0 ? (
          <p className="muted">{t('order.none')}</p>
        ) : (
          <ul className="desk-rows" data-testid="desk-emails">
            {found.emails.map((m) => (
              <li key={m.id}>
                <bdi dir="auto">{m.subject ?? '—'}</bdi>
                <p className="desk-row-note">
                  <bdi dir="ltr" className="desk-break">{m.recipient}</bdi> · {t(`outbox.${m.status === 'sent' ? 'sent' : m.status === 'failed' ? 'failed' : 'queued'}`)} · {formatDateTime(m.createdAt, locale)}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

// a phone's narrow table breaks 'refund:RFD…' and 'fundraiser:17' after the colon before anywhere else
const breakAfterColon = (id: string) => id.replace(':', ':\u200B');

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
