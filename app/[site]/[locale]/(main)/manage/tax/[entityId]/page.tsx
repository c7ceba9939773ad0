import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { getDb } from '@/lib/db/client';
import { ApiError } from '@/lib/http/errors';
import { isRowId } from '@/lib/validation/ids';
import { financialYearOf, financialYearStart } from '@/lib/india-time';
import { form10bdParts, form10bdStatement, form10bdFileName } from '@/lib/tax/form-10bd';
import { ngoTaxDetails, receiptYears } from '@/lib/tax/ngo-details';
import { formatCount, formatMoney } from '@/lib/money';
import { formatDateTime } from '@/lib/portfolio/format';
import { FORM_10BD_DUE, TAX_RECEIPT_CURRENCY } from '@/lib/constants/tax';
import { requireCurrentUser } from '@/components/auth/current-user';
import { AskPanButton } from '@/components/tax/AskPanButton';
import { NgoTaxDetailsForm } from '@/components/tax/NgoTaxDetailsForm';
import { RTL_LOCALES, type Locale } from '@/lib/i18n/locales';
import { isolate, isolateLtr } from '@/lib/i18n/bidi';
import '@/components/portfolio/portfolio.css';
import '@/components/tax/tax.css';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ site: string; locale: string; entityId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'TaxDesk' });
  return { title: t('title'), robots: { index: false, follow: false } };
}

// An NGO's 80G desk: its Form 10BD per financial year (the portal's CSV, in parts), the gifts it cannot report yet and a
// way to ask those donors for their PAN, and the registration details its receipts print. Its own people only (else 404).
export default async function TaxDeskPage({ params, searchParams }: Props) {
  const { locale, entityId } = await params;
  setRequestLocale(locale);
  const id = Number(entityId);
  const user = await requireCurrentUser(locale, `/manage/tax/${entityId}`);
  if (!isRowId(id)) notFound();
  const db = await getDb();
  const ngo = await ngoTaxDetails(db, user, id).catch((e: unknown) => {
    if (e instanceof ApiError && e.code === 'not_found') notFound();
    throw e;
  });
  const asked = (await searchParams).fy;
  const fy = typeof asked === 'string' && financialYearStart(asked) !== null ? asked : financialYearOf(new Date());
  const [statement, years, t] = await Promise.all([form10bdStatement(db, id, fy), receiptYears(db, id), getTranslations('TaxDesk')]);
  const parts = form10bdParts(statement);
  // in Arabic and Urdu the NGO's Latin name keeps its direction and '2026-27' reads left to right
  const rtl = RTL_LOCALES.includes(locale as Locale);
  const words = rtl ? isolate : (x: string) => x;
  const digits = rtl ? isolateLtr : (x: string) => x;
  const money = (minor: number) => formatMoney(minor, TAX_RECEIPT_CURRENCY, locale, { exact: true });
  const total = statement.rows.reduce((sum, r) => sum + r.amountMinor, 0);
  const flagged = statement.rows.filter((r) => r.cashAboveLimit);
  // due by 31 May after the year, as the locale writes a date
  const due = new Date(Date.UTC((financialYearStart(fy) ?? 0) + 1, FORM_10BD_DUE.month - 1, FORM_10BD_DUE.day)).toLocaleDateString(locale === 'en' ? 'en-IN' : locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  return (
    <div className="container section tax-desk">
      <p className="muted">
        <Link href="/manage/list">{t('back')}</Link>
      </p>
      <h1>{t('heading', { name: words(ngo.name) })}</h1>
      {!ngo.has_80g && <p className="notice-warning">{t('no80g')}</p>}

      <section className="panel" aria-labelledby="form-10bd-heading" data-testid="form-10bd">
        <h2 id="form-10bd-heading">{t('statementHeading', { fy: digits(fy) })}</h2>
        <nav aria-label={t('yearsLabel')} className="tax-years">
          <ul>
            {years.map((y) => (
              <li key={y}>
                <Link href={`/manage/tax/${id}?fy=${y}`} aria-current={y === fy ? 'page' : undefined} dir="ltr">
                  {y}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <p>{t('statementNote', { due })}</p>
        <dl className="summary-figures">
          <div>
            <dt>{t('donors')}</dt>
            <dd>{formatCount(statement.rows.length, locale)}</dd>
          </div>
          <div>
            <dt>{t('amount')}</dt>
            <dd>{money(total)}</dd>
          </div>
          <div>
            <dt>{t('unreportable')}</dt>
            <dd>{formatCount(statement.unreportable.length, locale)}</dd>
          </div>
        </dl>
        <ul className="tax-downloads">
          {Array.from({ length: parts }, (_, i) => i + 1).map((part) => (
            <li key={part}>
              <a className="btn btn-primary" href={`/api/ngos/${id}/form-10bd?fy=${fy}&part=${part}`} download={form10bdFileName(fy, part)} data-testid="form-10bd-download">
                {parts > 1 ? t('downloadPart', { part, parts }) : t('download')}
              </a>
            </li>
          ))}
        </ul>
        <p className="field-hint">{t('urnDateHint')}</p>
        {flagged.length > 0 && (
          <div className="notice-warning" role="note" data-testid="cash-flags">
            <p>{t('cashFlag')}</p>
            <ul>
              {flagged.map((r) => (
                <li key={`${r.identification}-${r.mode}`}>
                  <bdi>{r.name}</bdi> (<bdi dir="ltr">{r.identification}</bdi>): {money(r.amountMinor)}
                </li>
              ))}
            </ul>
          </div>
        )}
      </section>

      <section className="panel" aria-labelledby="no-pan-heading" data-testid="unreportable-gifts">
        <h2 id="no-pan-heading">{t('noPanHeading')}</h2>
        {statement.unreportable.length === 0 ? (
          <p>{t('noPanNone')}</p>
        ) : (
          <>
            <p>{t('noPanNote')}</p>
            <ul className="tax-gifts">
              {statement.unreportable.map((g) => (
                <li key={g.orderId}>
                  <strong>
                    <bdi>{g.name}</bdi>
                  </strong>
                  <span>{money(g.amountMinor)}</span>
                  <span>
                    <time dateTime={g.settledAt.toISOString()}>{formatDateTime(g.settledAt.toISOString(), locale)}</time>
                  </span>
                  <span dir="ltr">{g.receiptNumber}</span>
                </li>
              ))}
            </ul>
            <AskPanButton entityId={id} financialYear={fy} labels={{ ask: t('ask'), asking: t('asking'), asked: t('asked'), failed: t('askFailed') }} />
          </>
        )}
      </section>

      <section className="panel" aria-labelledby="ngo-details-heading">
        <h2 id="ngo-details-heading">{t('detailsHeading')}</h2>
        <p>{t('detailsNote')}</p>
        <NgoTaxDetailsForm
          entityId={id}
          initial={{ registration_80g: ngo.registration_80g, registration_80g_valid_until: ngo.registration_80g_valid_until, registration_80g_issued_on: ngo.registration_80g_issued_on, pan_number: ngo.pan_number, address: ngo.address, city: ngo.city }}
          labels={{
            registration_80g: t('registration'),
            registrationHelp: t('registrationHelp'),
            registration_80g_valid_until: t('validUntil'),
            validUntilHelp: t('validUntilHelp'),
            registration_80g_issued_on: t('issuedOn'),
            pan_number: t('pan'),
            address: t('address'),
            city: t('city'),
            save: t('save'),
            saving: t('saving'),
            saved: t('saved'),
            failed: t('saveFailed'),
          }}
        />
      </section>
    </div>
  );
}
