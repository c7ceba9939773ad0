'use client';
// An admin's form for one partner domain: added new, or changed and switched on or off. PartnerSchema checks it here
// and again in the route; a field's message shows under it.
import { useState, type FormEvent } from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { PartnerSchema } from '@/lib/validation/desk';
import { ANALYTICS_ID_MAX, PARTNER_NAME_MAX, PARTNER_URL_MAX } from '@/lib/constants/desk';
import { postJson } from '@/components/auth/client-session';
import { Field } from '@/components/forms/Field';

export interface PartnerValues {
  id?: number;
  host: string;
  name: string;
  logo_url: string | null;
  favicon_url: string | null;
  theme_color: string | null;
  analytics_container_id: string | null;
  is_active: boolean;
}

const EMPTY: PartnerValues = { host: '', name: '', logo_url: '', favicon_url: '', theme_color: '', analytics_container_id: '', is_active: true };
type Text = Exclude<keyof PartnerValues, 'id' | 'is_active'>;

export function PartnerForm({ partner }: { partner?: PartnerValues }) {
  const t = useTranslations('Desk.partners');
  const router = useRouter();
  const [values, setValues] = useState<PartnerValues>(partner ?? EMPTY);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [failure, setFailure] = useState('');
  const [done, setDone] = useState('');
  const [busy, setBusy] = useState(false);
  const id = `partner-${partner?.id ?? 'new'}`;

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { id: _id, ...body } = values;
    const parsed = PartnerSchema.safeParse(body);
    if (!parsed.success) return setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]).reverse()));
    setErrors({});
    setFailure('');
    setDone('');
    setBusy(true);
    const answer = await postJson(partner?.id ? `/api/desk/partners/${partner.id}` : '/api/desk/partners', parsed.data);
    setBusy(false);
    if (answer.ok) {
      setDone(t('saved'));
      if (!partner) setValues(EMPTY);
      router.refresh();
    } else if (answer.error.fields && Object.keys(answer.error.fields).length) setErrors(answer.error.fields);
    else setFailure(answer.error.message || t('failed'));
  }

  const text = (name: Text, label: string, extra: { hint?: string; max: number; dir?: 'ltr' | 'auto'; type?: string }) => (
    <Field id={`${id}-${name}`} label={label} hint={extra.hint} error={errors[name]}>
      {(c) => (
        <input
          {...c}
          type={extra.type ?? 'text'}
          dir={extra.dir ?? 'ltr'}
          maxLength={extra.max}
          autoComplete="off"
          spellCheck={false}
          value={values[name] ?? ''}
          onChange={(e) => setValues({ ...values, [name]: e.target.value })}
        />
      )}
    </Field>
  );

  return (
    <form className="desk-form" noValidate onSubmit={save} aria-busy={busy}>
      {text('host', t('host'), { hint: t('hostHint'), max: 253 })}
      {text('name', t('name'), { max: PARTNER_NAME_MAX, dir: 'auto' })}
      {text('logo_url', t('logo'), { max: PARTNER_URL_MAX, type: 'url' })}
      {text('favicon_url', t('favicon'), { max: PARTNER_URL_MAX, type: 'url' })}
      {text('theme_color', t('color'), { hint: t('colorHint'), max: 7 })}
      {text('analytics_container_id', t('analytics'), { max: ANALYTICS_ID_MAX })}
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
        {partner ? t('save') : t('add')}
      </button>
    </form>
  );
}
