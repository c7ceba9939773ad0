// spec 1: if a locale file fails to load, the built-in default (en) is used.
import type { Locale } from './locales';
import { DEFAULT_LOCALE } from './locales';
import en from '../../messages/en.json';
import { log } from '../observability/log';

export type Messages = typeof en;

type Loader = (locale: Locale) => Promise<Messages>;

const importMessages: Loader = async (locale) => (await import(`../../messages/${locale}.json`)).default as Messages;

export async function loadMessages(locale: Locale, load: Loader = importMessages): Promise<{ locale: Locale; messages: Messages; fellBack: boolean }> {
  if (locale === DEFAULT_LOCALE) return { locale, messages: en, fellBack: false };
  try {
    const messages = await load(locale);
    if (!messages || typeof messages !== 'object') throw new Error(`empty message file for ${locale}`);
    return { locale, messages, fellBack: false };
  } catch (e) {
    log.error({ err: e }, `Messages for ${locale} failed to load, using ${DEFAULT_LOCALE}`);
    return { locale, messages: en, fellBack: true };
  }
}
