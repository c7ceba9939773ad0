'use client';
// What the public lead forms share: the utm fields of the page address (spec 3 "plus utm fields"), the spec's
// messages in the reader's language, the POST itself, and where an answer's field errors go.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { useLocale, useTranslations } from 'next-intl';
import { sendToApi } from '@/components/auth/client-session';
import { useCaptcha } from '@/components/forms/Captcha';
import type { CaptchaWidget } from '@/lib/security/captcha';
import { LEAD_UTM_VALUE_MAX } from '@/lib/constants/leads';
import { LEAD_MESSAGES, UTM_KEYS, type Utm } from '@/lib/validation/lead';
import { MESSAGES } from '@/lib/validation/people';

/** The POST answer of every lead route: the lead's id (and, signed out, the token a later sign-up claims it with). */
export interface SentLead {
  id: number;
  lead_token?: string;
}

// the API refuses control characters and over-long utm values outright: a bad link must not cost the visitor their lead
const CONTROL = /[\u0000-\u001f\u007f]/g;

/** utm_source, utm_medium, ... of a page address, in the flat form the lead schemas accept; empty values left out. */
export function utmFromSearch(search: string): Utm {
  const query = new URLSearchParams(search);
  const utm: Utm = {};
  for (const key of UTM_KEYS) {
    const value = (query.get(key) ?? '').replace(CONTROL, ' ').trim().slice(0, LEAD_UTM_VALUE_MAX).trim();
    if (value) utm[key] = value;
  }
  return utm;
}

// the schemas speak the spec's English words (spec 5); the reader sees them in their language where we have them
const MESSAGE_KEYS: Record<string, string> = {
  [MESSAGES.name]: 'name',
  [MESSAGES.nameTooLong]: 'tooLong',
  [MESSAGES.email]: 'email',
  [MESSAGES.phone]: 'phone',
  [MESSAGES.required]: 'required',
  [LEAD_MESSAGES.choice]: 'choice',
  [LEAD_MESSAGES.oneLine]: 'oneLine',
};

/** A field or form message in the reader's words: the spec's message translated, else as the server wrote it. */
export function useLeadMessage(): (message: string | undefined) => string | undefined {
  const t = useTranslations('LeadForms.errors');
  return useCallback(
    (message) => {
      const key = message ? MESSAGE_KEYS[message] : undefined;
      return key && t.has(key) ? t(key) : message;
    },
    [t],
  );
}

/** An optional text field left empty is not sent (an empty email would fail its pattern). */
export const emptyToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/**
 * Posts a lead with the page's utm fields. Field errors of the answer go under the fields the form shows (`fields`, in
 * the page's order: the first one gets the focus); anything else (the captcha, a rate limit, a network failure)
 * becomes the form's own message.
 */
export function useLeadPost<T extends FieldValues>(url: string, fields: readonly Path<T>[], setError: UseFormSetError<T>, captcha: CaptchaWidget | null = null) {
  const t = useTranslations('LeadForms');
  const captchaField = useCaptcha(captcha, { id: `${url.replace(/\W+/g, '-')}-captcha`, locale: useLocale(), requiredMessage: t('captchaRequired') });
  const [sent, setSent] = useState<SentLead | null>(null);
  const [failure, setFailure] = useState('');
  const utm = useRef<Utm>({});
  // the address is the browser's, read once the page is here
  useEffect(() => {
    utm.current = utmFromSearch(window.location.search);
  }, []);

  const post = useCallback(
    async (values: object) => {
      setFailure('');
      if (!captchaField.ready()) return;
      const r = await sendToApi<SentLead>('POST', url, { ...values, ...utm.current, ...captchaField.payload('captcha_response') });
      if (captchaField.spent(!r.ok && Boolean(r.error.fields?.captcha_response))) return;
      if (r.ok) return setSent(r.data);
      const order = fields as readonly string[];
      const shown = Object.entries(r.error.fields ?? {})
        .filter(([name]) => order.includes(name))
        .sort(([a], [b]) => order.indexOf(a) - order.indexOf(b));
      shown.forEach(([name, message], i) => setError(name as Path<T>, { message }, { shouldFocus: i === 0 }));
      if (!shown.length) setFailure(r.error.message || t('failed'));
    },
    [url, fields, setError, t, captchaField],
  );

  return { sent, failure, post, reset: () => setSent(null), captcha: captchaField.element };
}
