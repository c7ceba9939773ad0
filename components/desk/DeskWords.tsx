// The desk's words for its client islands (forms and buttons), and nothing else of the message files.
import type { ReactNode } from 'react';
import { NextIntlClientProvider } from 'next-intl';
import { getLocale, getMessages } from 'next-intl/server';
import { INDIA_TIME_ZONE } from '@/lib/constants/time';

export async function DeskWords({ children }: { children: ReactNode }) {
  const [messages, locale] = await Promise.all([getMessages(), getLocale()]);
  return (
    <NextIntlClientProvider locale={locale} timeZone={INDIA_TIME_ZONE} messages={{ Desk: messages.Desk }}>
      {children}
    </NextIntlClientProvider>
  );
}
