import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { getDb } from '@/lib/db/client';
import { receiptOf, receiptOfOrder } from '@/lib/portfolio/queries';
import { verifyReceiptToken } from '@/lib/portfolio/receipt-link';
import { RECEIPT_LINK_PARAM } from '@/lib/constants/portfolio';
import { formatMoney } from '@/lib/money';
import { formatDateTime } from '@/lib/portfolio/format';
import { storyPath } from '@/lib/routes';
import { paymentModeName } from '@/lib/i18n/stored-values';
import { requireCurrentUser } from '@/components/auth/current-user';
import { getBrand } from '@/components/layout/request-context';
import { PrintButton } from '@/components/portfolio/PrintButton';
import { TaxDetailsForm } from '@/components/portfolio/TaxDetailsForm';
import { RECEIPT_ORDER_ID } from '@/lib/portfolio/receipt-access';
import '@/components/portfolio/portfolio.css';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ site: string; locale: string; orderId: string }>; searchParams?: Promise<Record<string, string | string[] | undefined>> };

const ORDER_ID = RECEIPT_ORDER_ID;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'Portfolio' });
  return { title: t('receiptTitle'), robots: { index: false, follow: false } };
}

// A printable receipt of one of the signed-in donor's own successful donations; anyone else's is a 404. A receipt
// email's signed link opens its one order signed out, for a guest too; a bad or expired one asks to sign in.
export default async function ReceiptPage({ params, searchParams }: Props) {
  const { site, locale, orderId } = await params;
  setRequestLocale(locale);
  const token = (await searchParams)?.[RECEIPT_LINK_PARAM];
  const signed = ORDER_ID.test(orderId) && typeof token === 'string' && verifyReceiptToken(orderId, token);
  const user = signed ? null : await requireCurrentUser(locale, `/portfolio/receipts/${encodeURIComponent(orderId)}`);
  if (!ORDER_ID.test(orderId)) notFound();
  const db = await getDb();
  const receipt = user ? await receiptOf(db, user.id, orderId) : await receiptOfOrder(db, orderId);
  if (!receipt) notFound();
  const [t, tPayment, brand] = await Promise.all([getTranslations('Portfolio'), getTranslations('Payment'), getBrand(site)]);
  const money = (minor: number) => formatMoney(minor, receipt.currency, locale, { exact: true });
  const org = receipt.tax?.organisation;
  const guestToken = signed ? (token as string) : null;
  // the PDF is guarded as this page is: a guest's download carries the receipt link's token
  const pdfHref = `/api/orders/${encodeURIComponent(orderId)}/receipt.pdf${guestToken ? `?${new URLSearchParams({ [RECEIPT_LINK_PARAM]: guestToken })}` : ''}`;
  const eightyG = receipt.eighty_g;
  return (
    <div className="container section">
      <article className="receipt" data-testid="receipt" aria-labelledby="receipt-heading">
        <header>
          <div>
            <p className="brand-link">{brand.name}</p>
            <h1 id="receipt-heading">{t('receiptTitle')}</h1>
          </div>
          <p>
            {t('receiptNumber')}: <strong data-testid="receipt-order-id">{receipt.receipt_number}</strong>
          </p>
        </header>
        <dl className="receipt-lines">
          <div>
            <dt>{t('receiptDate')}</dt>
            <dd>
              <time dateTime={receipt.date}>{formatDateTime(receipt.date, locale)}</time>
            </dd>
          </div>
          <div>
            <dt>{t('receiptDonor')}</dt>
            <dd>{receipt.donor.name}</dd>
          </div>
          <div>
            <dt>{t('receiptEmail')}</dt>
            <dd>{receipt.donor.email}</dd>
          </div>
          <div>
            <dt>{t('receiptFundraiser')}</dt>
            <dd>
              <Link href={storyPath(receipt.fundraiser.custom_tag)}>{receipt.fundraiser.title}</Link>
            </dd>
          </div>
          <div>
            <dt>{t('receiptDonation')}</dt>
            <dd>{money(receipt.donated_amount_minor)}</dd>
          </div>
          {receipt.tip_amount_minor > 0 && (
            <div>
              <dt>{t('receiptTip', { brand: brand.name })}</dt>
              <dd>{money(receipt.tip_amount_minor)}</dd>
            </div>
          )}
          <div className="receipt-total">
            <dt>{t('receiptTotal')}</dt>
            <dd data-testid="receipt-total">{money(receipt.total_minor)}</dd>
          </div>
          <div>
            <dt>{t('receiptPaymentMode')}</dt>
            <dd>{paymentModeName(tPayment, receipt.payment_mode)}</dd>
          </div>
          {receipt.pg_txn_id && (
            <div>
              <dt>{t('receiptTransaction')}</dt>
              <dd>{receipt.pg_txn_id}</dd>
            </div>
          )}
        </dl>

        {eightyG && (
          <section className="receipt-tax receipt-80g" aria-labelledby="eighty-g-heading" data-testid="receipt-80g-receipt">
            <h2 id="eighty-g-heading">{t('eightyGHeading')}</h2>
            <dl className="receipt-lines">
              <div>
                <dt>{t('eightyGNumber')}</dt>
                <dd>
                  <bdi dir="ltr" data-testid="receipt-80g-number">{eightyG.number}</bdi>
                </dd>
              </div>
              {eightyG.pan && (
                <div>
                  <dt>{t('taxPan')}</dt>
                  <dd>{eightyG.pan}</dd>
                </div>
              )}
              {org && (
                <div>
                  <dt>{t('taxOrganisation')}</dt>
                  <dd>{[org.name, org.city].filter(Boolean).join(', ')}</dd>
                </div>
              )}
            </dl>
            {eightyG.pan ? <p>{t('eightyGFollows')}</p> : <p className="notice-warning" data-testid="receipt-80g-no-pan">{t('eightyGNoPan')}</p>}
            <p className="no-print">
              <a className="btn btn-secondary" href={pdfHref} download data-testid="receipt-80g-download">
                {t('eightyGDownload')}
              </a>
            </p>
            {!eightyG.pan && (
              <TaxDetailsForm
                orderId={orderId}
                token={guestToken}
                initial={{ pan: null, address: eightyG.address }}
                labels={{
                  heading: t('eightyGAddHeading'),
                  pan: t('eightyGPan'),
                  panHelp: t('eightyGPanHelp'),
                  address: t('eightyGAddress'),
                  save: t('eightyGSave'),
                  saving: t('eightyGSaving'),
                  saved: t('eightyGSaved'),
                  failed: t('eightyGFailed'),
                }}
              />
            )}
          </section>
        )}

        {receipt.tax && !eightyG && (
          <section className="receipt-tax" aria-labelledby="tax-heading" data-testid="receipt-80g">
            <h2 id="tax-heading">{t('taxHeading')}</h2>
            <p>{t('taxText')}</p>
            <dl className="receipt-lines">
              <div>
                <dt>{t('taxPan')}</dt>
                <dd>{receipt.tax.pan}</dd>
              </div>
              {org && (
                <>
                  <div>
                    <dt>{t('taxOrganisation')}</dt>
                    <dd>{[org.name, org.city].filter(Boolean).join(', ')}</dd>
                  </div>
                  {org.pan_number && (
                    <div>
                      <dt>{t('taxOrgPan')}</dt>
                      <dd>{org.pan_number}</dd>
                    </div>
                  )}
                  {org.registration_number && (
                    <div>
                      <dt>{t('taxRegistration')}</dt>
                      <dd>{org.registration_number}</dd>
                    </div>
                  )}
                </>
              )}
            </dl>
          </section>
        )}

        <p className="muted hint">{t('receiptNote')}</p>
        <div className="receipt-actions no-print">
          <PrintButton label={t('print')} />
          {user && <Link href="/portfolio">{t('backToPortfolio')}</Link>}
        </div>
      </article>
    </div>
  );
}
