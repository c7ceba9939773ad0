'use client';
// An admin's form for one sponsor coupon: added new, or its terms changed and switched on or off (its code stays).
// Amounts are typed in the coupon's currency's major units; CouponSchema checks here and again in the route.
import { useState, type FormEvent } from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { CouponSchema } from '@/lib/validation/desk';
import { COUPON_CODE_MAX, SPONSOR_NAME_MAX } from '@/lib/constants/desk';
import { CURRENCY_CODES } from '@/lib/money';
import { postJson } from '@/components/auth/client-session';
import { Field } from '@/components/forms/Field';

export interface CouponValues {
  code: string;
  sponsor: string;
  currency: string;
  amount: string;
  share_percent: string;
  max_match: string;
  budget: string;
  max_uses: string;
  max_uses_per_donor: string;
  max_uses_per_fundraiser: string;
  valid_from: string;
  valid_until: string;
  is_active: boolean;
}

export const EMPTY_COUPON: CouponValues = { code: '', sponsor: '', currency: 'INR', amount: '', share_percent: '', max_match: '', budget: '', max_uses: '', max_uses_per_donor: '', max_uses_per_fundraiser: '', valid_from: '', valid_until: '', is_active: true };
type Text = Exclude<keyof CouponValues, 'is_active' | 'currency'>;

export function CouponForm({ coupon }: { coupon?: CouponValues }) {
  const t = useTranslations('Desk.coupons');
  const router = useRouter();
  const [values, setValues] = useState<CouponValues>(coupon ?? EMPTY_COUPON);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [failure, setFailure] = useState('');
  const [done, setDone] = useState('');
  const [busy, setBusy] = useState(false);
  const id = `coupon-${coupon?.code ?? 'new'}`;

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = CouponSchema.safeParse(values);
    if (!parsed.success) return setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]).reverse()));
    setErrors({});
    setFailure('');
    setDone('');
    setBusy(true);
    const answer = await postJson(coupon ? `/api/desk/coupons/${encodeURIComponent(coupon.code)}` : '/api/desk/coupons', values);
    setBusy(false);
    if (answer.ok) {
      setDone(t('saved'));
      if (!coupon) setValues(EMPTY_COUPON);
      router.refresh();
    } else if (answer.error.fields && Object.keys(answer.error.fields).length) setErrors(answer.error.fields);
    else setFailure(answer.error.message || t('failed'));
  }

  const text = (name: Text, label: string, extra: { hint?: string; mode?: 'decimal' | 'numeric'; type?: string; max?: number; disabled?: boolean } = {}) => (
    <Field id={`${id}-${name}`} label={label} hint={extra.hint} error={errors[name]}>
      {(c) => (
        <input
          {...c}
          type={extra.type ?? 'text'}
          dir={name === 'sponsor' ? 'auto' : 'ltr'}
          inputMode={extra.mode}
          maxLength={extra.max}
          disabled={extra.disabled}
          autoComplete="off"
          value={values[name]}
          onChange={(e) => setValues({ ...values, [name]: e.target.value })}
        />
      )}
    </Field>
  );

  return (
    <form className="desk-form" noValidate onSubmit={save} aria-busy={busy}>
      {text('code', t('code'), { max: COUPON_CODE_MAX, disabled: Boolean(coupon) })}
      {text('sponsor', t('sponsor'), { max: SPONSOR_NAME_MAX })}
      <div className="field">
        <label htmlFor={`${id}-currency`}>{t('currency')}</label>
        <select id={`${id}-currency`} value={values.currency} onChange={(e) => setValues({ ...values, currency: e.target.value })}>
          {CURRENCY_CODES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </div>
      {text('amount', t('amount'), { hint: t('amountHint'), mode: 'decimal' })}
      {text('share_percent', t('share'), { mode: 'numeric' })}
      {text('max_match', t('maxMatch'), { mode: 'decimal' })}
      {text('budget', t('budget'), { mode: 'decimal' })}
      {text('max_uses', t('maxUses'), { mode: 'numeric' })}
      {text('max_uses_per_donor', t('perDonor'), { mode: 'numeric' })}
      {text('max_uses_per_fundraiser', t('perFundraiser'), { mode: 'numeric' })}
      {text('valid_from', t('from'), { type: 'date' })}
      {text('valid_until', t('until'), { type: 'date' })}
      <label className="desk-check">
        <input type="checkbox" checked={values.is_active} onChange={(e) => setValues({ ...values, is_active: e.target.checked })} />
        {t('active')}
      </label>
      <div role="status">{done && <p className="desk-done">{done}</p>}</div>
      {failure && (
        <p className="notice-error" role="alert">
          {failure}
        </p>
      )}
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {coupon ? t('save') : t('add')}
      </button>
    </form>
  );
}
