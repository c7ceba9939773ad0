'use client';
// spec 7 POST redeem amount: a signed-in donor with Sahyog credit (spec 9 prizes) gives the chosen amount from it, no gateway.
import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { formatMoney, toMajor, toMinor } from '@/lib/money';
import { sendToApi } from '@/components/auth/client-session';

interface Props {
  fundraiser: { id: number; custom_tag: string };
  credit: { balanceMinor: number; currency: string };
  amount: number;
  currency: string;
  locale: string;
  localePrefix: string;
}

export function CreditPay({ fundraiser, credit, amount, currency, locale, localePrefix }: Props) {
  const t = useTranslations('Payment');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  // the chosen amount, or all the credit when the amount is more: the button says which
  const giveMinor = Math.min(toMinor(amount), credit.balanceMinor);
  const fits = giveMinor >= toMinor(1);
  // credit is given only in the currency it was granted in: the form offers it there alone
  if (currency !== credit.currency) return null;

  async function give() {
    setError('');
    setBusy(true);
    const r = await sendToApi<{ order_id: string }>('POST', '/api/redeem', { campaign_id: fundraiser.id, amount: toMajor(giveMinor), currency: credit.currency, locale });
    if (!r.ok) {
      setBusy(false);
      return setError(r.error.message ?? t('errorGeneric'));
    }
    window.location.assign(`${localePrefix}/new/thankyou/${encodeURIComponent(fundraiser.custom_tag)}?oi=${encodeURIComponent(r.data.order_id)}`);
  }

  return (
    <section className="credit-pay" aria-labelledby="credit-pay-title" data-testid="credit-pay">
      <p id="credit-pay-title">
        <bdi>{t('creditBalance', { amount: formatMoney(credit.balanceMinor, credit.currency, locale, { exact: true }) })}</bdi>
      </p>
      <button type="button" className="btn btn-block" onClick={give} disabled={!fits || busy}>
        {t('creditGive', { amount: formatMoney(fits ? giveMinor : toMinor(amount), credit.currency, locale, { exact: true }) })}
      </button>
      {!fits && <p className="field-hint">{t('creditTooLittle')}</p>}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
