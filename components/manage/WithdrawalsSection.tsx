// The dashboard's withdrawals: the balance, the payout bank account, a request form and every withdrawal
// with where it stands. A server component: it loads its own data for the signed-in person (lib checks they manage it).
import { getTranslations } from 'next-intl/server';
import { getDb, type Db } from '@/lib/db/client';
import { ApiError } from '@/lib/http/errors';
import { getPayoutAccount, listWithdrawals } from '@/lib/fundraisers/withdrawals';
import { assertNotSupporting } from '@/lib/fundraisers/supporting';
import { formatMoney, toMinor } from '@/lib/money';
import { formatDate } from '@/lib/portfolio/format';
import { PayoutAccountForm } from './PayoutAccountForm';
import { WithdrawalRequestForm } from './WithdrawalRequestForm';
import { PAYOUT_ACCOUNT_LABEL_KEYS, WITHDRAWAL_REQUEST_LABEL_KEYS, wordsOf, type PayoutAccountLabels, type WithdrawalRequestLabels } from './withdrawal-labels';

/** A supporting fundraiser's money is the parent's: the rule's own check says so with a conflict. */
const raisesForAnother = (db: Db, fundraiserId: number) =>
  assertNotSupporting(db, fundraiserId).then(
    () => false,
    (e: unknown) => {
      if (e instanceof ApiError && e.code === 'conflict') return true;
      throw e;
    },
  );

export async function WithdrawalsSection({ fundraiserId, user, locale }: { fundraiserId: number; user: { id: number }; locale: string }) {
  const db = await getDb();
  const [account, { balance, withdrawals }, t, supporting] = await Promise.all([
    getPayoutAccount(db, user, fundraiserId),
    listWithdrawals(db, user, fundraiserId),
    getTranslations({ locale, namespace: 'Withdrawals' }),
    raisesForAnother(db, fundraiserId),
  ]);
  if (supporting) {
    return (
      <section className="panel manage-block withdrawals" aria-labelledby="withdrawals-heading" data-testid="withdrawals">
        <h2 id="withdrawals-heading">{t('heading')}</h2>
        <p className="muted">{t('supporting')}</p>
      </section>
    );
  }
  const money = (major: number) => formatMoney(toMinor(major), balance.currency, locale, { exact: true });
  const accountLabels: PayoutAccountLabels = { ...wordsOf(PAYOUT_ACCOUNT_LABEL_KEYS, (k) => t(`account.${k}`)), endingIn: t.raw('account.endingIn') as string };
  const requestLabels: WithdrawalRequestLabels = { ...wordsOf(WITHDRAWAL_REQUEST_LABEL_KEYS, (k) => t(`request.${k}`)), amountHint: t.raw('request.amountHint') as string };
  const figures = [
    ['raised', balance.raised],
    ['withdrawn', balance.withdrawn],
    ['pending', balance.pending],
    ['available', balance.available],
  ] as const;

  return (
    <section className="panel manage-block withdrawals" aria-labelledby="withdrawals-heading" data-testid="withdrawals">
      <h2 id="withdrawals-heading">{t('heading')}</h2>
      <p className="muted">{t('intro')}</p>
      <dl className="withdrawal-balance" data-testid="withdrawal-balance">
        {figures.map(([key, amount]) => (
          <div key={key} className={key === 'available' ? 'withdrawal-available' : undefined}>
            <dt>{t(`balance.${key}`)}</dt>
            <dd>{money(amount)}</dd>
          </div>
        ))}
      </dl>

      <PayoutAccountForm fundraiserId={fundraiserId} initial={account} labels={accountLabels} />
      <WithdrawalRequestForm fundraiserId={fundraiserId} currency={balance.currency} available={balance.available} availableText={money(balance.available)} hasAccount={account !== null} labels={requestLabels} />

      {balance.foreign && (
        // FCRA: foreign contributions are a balance of their own, paid out only into the NGO's FCRA account
        <section className="withdrawal-part" aria-labelledby="fcra-balance-heading" data-testid="fcra-balance">
          <h3 id="fcra-balance-heading">{t('fcra.heading')}</h3>
          <p className="muted">{t('fcra.intro')}</p>
          <dl className="withdrawal-balance">
            {(['raised', 'withdrawn', 'pending', 'available'] as const).map((key) => (
              <div key={key} className={key === 'available' ? 'withdrawal-available' : undefined}>
                <dt>{t(`fcra.${key}`)}</dt>
                <dd>{money(balance.foreign![key])}</dd>
              </div>
            ))}
          </dl>
          <p data-testid="fcra-account">
            {balance.foreign.account ? (
              t('fcra.account', { holder: balance.foreign.account.account_holder_name, last4: balance.foreign.account.account_number_last4, ifsc: balance.foreign.account.ifsc_code })
            ) : (
              <span className="muted">{t('fcra.noAccount')}</span>
            )}
          </p>
          <WithdrawalRequestForm
            foreign
            fundraiserId={fundraiserId}
            currency={balance.currency}
            available={balance.foreign.available}
            availableText={money(balance.foreign.available)}
            hasAccount={balance.foreign.account !== null}
            labels={{ ...requestLabels, heading: t('fcra.requestHeading'), needsAccount: t('fcra.noAccount') }}
          />
        </section>
      )}

      <section className="withdrawal-part" aria-labelledby="withdrawal-list-heading">
        <h3 id="withdrawal-list-heading">{t('list.heading')}</h3>
        {withdrawals.length === 0 ? (
          <p className="muted">{t('list.empty')}</p>
        ) : (
          <ol className="withdrawal-list" data-testid="withdrawal-list">
            {withdrawals.map((w) => (
              <li key={w.id} className="withdrawal-item">
                <p className="withdrawal-head">
                  <strong>{formatMoney(toMinor(w.amount), w.currency, locale, { exact: true })}</strong>
                  <span className="withdrawal-status" data-status={w.status}>
                    {t(`status.${w.status}`)}
                  </span>
                  {w.foreign_contribution && <span className="withdrawal-status">{t('fcra.tag')}</span>}
                </p>
                <p className="withdrawal-purpose" dir="auto">
                  {w.purpose}
                </p>
                <p className="withdrawal-meta">
                  <time dateTime={w.requested_at}>{t('list.requestedOn', { date: formatDate(w.requested_at, locale) })}</time>
                  <span>{t('account.endingIn', { last4: w.account.account_number_last4 })}</span>
                  <a href={w.document_url}>{t('list.document')}</a>
                </p>
                {w.status === 'rejected' && w.review_reason && (
                  <p className="withdrawal-note">
                    <strong>{t('list.reason')}</strong> <bdi>{w.review_reason}</bdi>
                  </p>
                )}
                {w.status === 'paid' && w.paid_reference && (
                  <p className="withdrawal-note">
                    <strong>{t('list.reference')}</strong> <bdi dir="ltr">{w.paid_reference}</bdi>
                    {w.paid_at && (
                      <>
                        {' · '}
                        <time dateTime={w.paid_at}>{t('list.paidOn', { date: formatDate(w.paid_at, locale) })}</time>
                      </>
                    )}
                  </p>
                )}
              </li>
            ))}
          </ol>
        )}
      </section>
    </section>
  );
}
