// The foot of the start page's first screen (spec 3's signup lead): someone unsure how to begin leaves their number,
// cause and city, and the team calls them.
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations } from 'next-intl/server';
import { OnStartScreen } from './OnStartScreen';
import { RaiseFundsForm } from './RaiseFundsForm';
import { captchaWidget } from '@/lib/security/captcha';
import './leads.css';

export async function StartHelpSection() {
  const [t, messages] = await Promise.all([getTranslations('LeadForms.callBack'), getMessages()]);
  return (
    <OnStartScreen>
      <section className="lead-section" aria-labelledby="start-help-title" data-testid="start-help">
        <h2 id="start-help-title">{t('title')}</h2>
        <p className="muted">{t('text')}</p>
        <NextIntlClientProvider messages={{ LeadForms: messages.LeadForms }}>
          <RaiseFundsForm captcha={captchaWidget()} />
        </NextIntlClientProvider>
      </section>
    </OnStartScreen>
  );
}
