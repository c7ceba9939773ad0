'use client';
// The parts every lead form has: who to call back (name and phone, side by side) and the send button with the form's
// own message under it.
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslations } from 'next-intl';
import { Field } from '@/components/forms/Field';

interface ContactProps {
  idPrefix: string;
  name: UseFormRegisterReturn;
  phone: UseFormRegisterReturn;
  nameError?: string;
  phoneError?: string;
}

export function LeadContactRow({ idPrefix, name, phone, nameError, phoneError }: ContactProps) {
  const t = useTranslations('LeadForms');
  return (
    <div className="lead-form-row">
      <Field id={`${idPrefix}-name`} label={t('yourName')} error={nameError}>
        {(c) => <input {...c} type="text" autoComplete="name" dir="auto" {...name} />}
      </Field>
      <Field id={`${idPrefix}-phone`} label={t('yourPhone')} error={phoneError}>
        {(c) => <input {...c} type="tel" inputMode="tel" autoComplete="tel" dir="ltr" {...phone} />}
      </Field>
    </div>
  );
}

export function LeadSubmit({ label, sending, failure }: { label: string; sending: boolean; failure?: string }) {
  const t = useTranslations('LeadForms');
  return (
    <>
      <button className="btn btn-primary lead-submit" type="submit" disabled={sending}>
        {sending ? t('sending') : label}
      </button>
      {failure && (
        <p className="field-error" role="alert">
          {failure}
        </p>
      )}
    </>
  );
}
