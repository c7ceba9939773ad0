// A SIP email's words in the SIP's own language (its manage page's namespace), shared by every SIP email writer.
import { createTranslator } from 'use-intl/core';
import { SHARED_INTL_CACHE } from '../i18n/server-translator';
import { DEFAULT_LOCALE, isLocale, RTL_LOCALES } from '../i18n/locales';
import { isolate, isolateLtr } from '../i18n/bidi';
import { loadMessages } from '../i18n/messages';

export async function sipTranslator(locale: string) {
  const { locale: loaded, messages } = await loadMessages(isLocale(locale) ? locale : DEFAULT_LOCALE);
  // in Arabic and Urdu, Latin names and amounts keep their own direction
  const rtl = RTL_LOCALES.includes(loaded);
  return {
    locale: loaded,
    t: createTranslator({ ...SHARED_INTL_CACHE, locale: loaded, messages, namespace: 'SipManage.email' }),
    causeName: createTranslator({ ...SHARED_INTL_CACHE, locale: loaded, messages, namespace: 'Sip.causes' }),
    words: rtl ? isolate : (x: string) => x,
    digits: rtl ? isolateLtr : (x: string) => x,
  };
}
