// Every email template rendered in all six languages: an HTML part and a text part, right to left in
// Arabic and Urdu, every link absolute (https, or the configured origin), the partner's domain on a partner's gift,
// and the receipt's facts (date, amount, method, transaction id, 80G status and registration, receipt link, next debit,
// WhatsApp share).
import { LOCALES } from '@/lib/i18n/locales';
import { receiptEmail, type ReceiptFacts } from '@/lib/notifications/receipt';
import { sipConfirmationEmail, type SipConfirmation, type SipEmailFacts } from '@/lib/email/sip';
import { fundraiserChangesEmail, fundraiserLiveEmail, heldChangeEmail, campaignerMessageEmail, beneficiaryEmail, beneficiarySms, supportingDeclinedEmail, supportingStartedEmail } from '@/lib/email/fundraiser';
import { plainEmailHtml } from '@/lib/email/plain';
import { donorUpdateEmail, withdrawalOutcomeEmail } from '@/lib/email/campaigner';
import { acknowledgementEmail } from '@/lib/fundraisers/acknowledge';
import { assertAbsolute, hrefsOf, renderEmail } from '@/lib/email/render';
import type { OutgoingMessage } from '@/lib/outbox/queue';

const MAIN = 'https://sahyog.example';
/** words as the HTML part writes them */
const inHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/'/g, '&#39;').replace(/"/g, '&quot;');
const PARTNER = 'https://give.partner.example';
const LOCAL = 'http://localhost:3000';

/** Both parts there, the language and direction on <html>, every href absolute on an allowed origin. */
function expectWellFormed(html: string, text: string, locale: string, origins: string[]) {
  expect(html).toMatch(/^<!doctype html>/i);
  expect(html).toContain(`lang="${locale}"`);
  expect(html).toContain(`dir="${locale === 'ar' || locale === 'ur' ? 'rtl' : 'ltr'}"`);
  expect(text.length).toBeGreaterThan(40);
  expect(text).not.toMatch(/<[a-z]/i);
  const hrefs = hrefsOf(html);
  expect(hrefs.length).toBeGreaterThan(0);
  for (const href of hrefs) {
    expect(href).toMatch(/^https:\/\/|^http:\/\/localhost:\d+\//);
    const url = new URL(href);
    expect([...origins, 'https://wa.me']).toContain(url.origin);
  }
  // every link in the HTML is written out in the text part too (a plain-text reader can open it)
  for (const href of hrefs) expect(text).toContain(href);
}

const receipt = (over: Partial<ReceiptFacts> = {}): ReceiptFacts => ({
  locale: 'en',
  email: 'asha@example.com',
  donorName: 'Asha Rao',
  orderId: 'SHY123456',
  amountMinor: 150_000,
  currency: 'INR',
  fundraiserTitle: 'Help Meera walk again',
  pan: 'ABCDE1234F',
  signInLink: `${MAIN}/new/signin?autologin_token=abc&redirect_uri=%2Fportfolio`,
  taxBenefit: { name: 'Seva Trust', registration: 'AAATS1234F/80G/2024', pan: 'AAATS1234F' },
  paidAt: new Date('2026-11-28T06:30:00Z'),
  method: 'UPI',
  transactionId: 'pay_N5x8Yq2',
  receiptLink: `${MAIN}/new/signin?autologin_token=xyz&redirect_uri=%2Fportfolio%2Freceipts%2FSHY123456`,
  shareLink: `${MAIN}/stories/help-meera`,
  brand: { name: 'Sahyog' },
  ...over,
});

describe.each(LOCALES)('email templates in %s', (locale) => {
  it('the receipt of a gift: both parts, absolute links, every fact, 80G with the registration, a WhatsApp share', async () => {
    const m = await receiptEmail(receipt({ locale }));
    expectWellFormed(m.html!, m.body, locale, [MAIN]);
    const method = (await import(`@/messages/${locale}.json`)).Payment.modeUPI as string;
    for (const fact of ['SHY123456', 'pay_N5x8Yq2', 'AAATS1234F/80G/2024', '1,500', method, '2026']) {
      expect(m.html).toContain(fact);
      expect(m.body).toContain(fact);
    }
    expect(hrefsOf(m.html!)).toContain(receipt().receiptLink);
    const share = hrefsOf(m.html!).find((h) => h.startsWith('https://wa.me/'))!;
    expect(new URL(share).searchParams.get('text')).toContain(`${MAIN}/stories/help-meera`);
  });

  it('a SIP month on a partner domain: its next debit, its signed links, every link on the partner domain', async () => {
    const m = await receiptEmail(
      receipt({
        locale,
        fundraiserTitle: null,
        causes: ['medical', 'education'],
        taxBenefit: null,
        nextDebit: new Date('2026-12-28T06:30:00Z'),
        receiptLink: `${PARTNER}/portfolio/receipts/SHY123456`,
        signInLink: null,
        shareLink: `${PARTNER}/new/sip`,
        brand: { name: 'Partner Cares', color: '#7c2d12' },
        links: { kind: 'links', heading: 'Manage', items: [{ label: 'Cancel', href: `${PARTNER}/sip/manage?token=t1` }] },
      }),
    );
    expectWellFormed(m.html!, m.body, locale, [PARTNER]);
    expect(m.html).toContain('Partner Cares');
    expect(m.html).toContain('#7c2d12');
    expect(m.body).toMatch(/2026/);
    // no 80G line claims a deduction the gift does not give
    expect(m.html).not.toContain('AAATS1234F');
  });

  it('a premium is a purchase: no 80G line, no share', async () => {
    const m = await receiptEmail(receipt({ locale, premium: true, taxBenefit: null, shareLink: `${MAIN}/x`, fundraiserTitle: 'Health plan' }));
    expectWellFormed(m.html!, m.body, locale, [MAIN]);
    expect(hrefsOf(m.html!).some((h) => h.startsWith('https://wa.me'))).toBe(false);
  });

  const changes: SipConfirmation[] = [
    { kind: 'start' },
    { kind: 'amount', oldMinor: 50_000 },
    { kind: 'pause', until: new Date('2027-01-28T00:00:00Z') },
    { kind: 'resume' },
    { kind: 'skip', date: new Date('2026-12-20T00:00:00Z') },
    { kind: 'cancel', reason: 'Moving abroad' },
  ];
  const sip = (origin: string): SipEmailFacts => ({
    locale,
    donorName: 'Asha Rao',
    amountMinor: 30_000,
    currency: 'INR',
    causes: ['medical'],
    nextDebit: new Date('2026-12-20T00:00:00Z'),
    origin,
    brand: 'Sahyog',
    links: { kind: 'links', heading: 'Manage', items: [{ label: 'Pause', href: `${origin}/sip/manage?token=t2` }] },
  });
  it.each(changes.map((c) => [c.kind, c] as const))('the SIP confirmation of %s: both parts, the amount, absolute links', async (_kind, change) => {
    const m = await sipConfirmationEmail(change, sip(LOCAL));
    expectWellFormed(m.html, m.text, locale, [LOCAL]);
    expect(m.text).toContain('300');
    expect(m.subject.length).toBeGreaterThan(5);
    // the button opens the SIP page (or a new SIP once cancelled), in the SIP's language
    const sipPage = `${LOCAL}${locale === 'en' ? '' : `/${locale}`}${change.kind === 'cancel' ? '/new/sip' : '/sip'}`;
    expect(hrefsOf(m.html)).toContain(sipPage);
    if (change.kind === 'amount') expect(m.text).toContain('500');
  });

  it('the review outcomes: the live story and the draft, absolute on the site, with a share', async () => {
    const facts = { locale, email: 'c@example.com', name: 'Ravi', title: 'Help Meera walk again', fundraiserId: 42, customTag: 'help-meera', origin: MAIN, brand: { name: 'Sahyog' } };
    const live = await fundraiserLiveEmail(facts);
    expectWellFormed(live.html!, live.body, locale, [MAIN]);
    expect(hrefsOf(live.html!)).toContain(`${MAIN}${locale === 'en' ? '' : `/${locale}`}/stories/help-meera`);
    const back = await fundraiserChangesEmail({ ...facts, reason: 'Please add a hospital estimate.' });
    expectWellFormed(back.html!, back.body, locale, [MAIN]);
    expect(back.body).toContain('Please add a hospital estimate.');
  });

  it('an update to a donor: the words, a button to the update, the signed opt-out link, in the donor language', async () => {
    const en = (await import('@/messages/en.json')).Updates.email;
    const words = (await import(`@/messages/${locale}.json`)).Updates.email;
    const m = await donorUpdateEmail({
      locale,
      recipient: 'asha@example.com',
      text: 'Meera walked ten steps today.',
      fundraiserTitle: 'Help Meera walk again',
      updateTitle: 'Ten steps',
      updateUrl: `${PARTNER}${locale === 'en' ? '' : `/${locale}`}/stories/help-meera/updates/7`,
      optOutUrl: `${PARTNER}/stories/help-meera/updates/opt-out?token=abc.def`,
      brand: { name: 'Partner Cares', color: '#7c2d12' },
    });
    expectWellFormed(m.html!, m.body, locale, [PARTNER]);
    expect(m.html).toContain('Meera walked ten steps today.');
    expect(m.html).toContain(inHtml(words.open));
    expect(m.html).toContain(inHtml(words.optOutLabel));
    if (locale !== 'en') expect(words.open).not.toBe(en.open);
    expect(hrefsOf(m.html!)).toEqual(expect.arrayContaining([`${PARTNER}${locale === 'en' ? '' : `/${locale}`}/stories/help-meera/updates/7`, `${PARTNER}/stories/help-meera/updates/opt-out?token=abc.def`]));
  });

  it.each(['approved', 'rejected', 'paid'] as const)('a withdrawal %s: the amount, the account digits, a link to the dashboard', async (status) => {
    const en = (await import('@/messages/en.json')).Withdrawals.email;
    const words = (await import(`@/messages/${locale}.json`)).Withdrawals.email;
    const m = await withdrawalOutcomeEmail({
      locale,
      email: 'ravi@example.com',
      name: 'Ravi',
      fundraiserTitle: 'Help Meera walk again',
      fundraiserId: 42,
      status,
      amountMinor: 2_500_000,
      currency: 'INR',
      purpose: 'Surgery',
      accountDigits: '6789',
      reason: status === 'rejected' ? 'The bill is not readable.' : null,
      reference: status === 'paid' ? 'UTR123456' : null,
      origin: MAIN,
      brand: { name: 'Sahyog' },
    });
    expectWellFormed(m.html!, m.body, locale, [MAIN]);
    expect(m.subject).toContain('Help Meera walk again');
    if (locale !== 'en') expect(m.subject).not.toContain(en[`${status}Subject`].split(':')[0]);
    expect(m.html).toContain(inHtml(words.open));
    for (const fact of ['25,000', status === 'paid' ? 'UTR123456' : 'Surgery', ...(status === 'rejected' ? ['The bill is not readable.'] : ['6789'])]) {
      expect(m.html).toContain(fact);
      expect(m.body).toContain(fact);
    }
    expect(hrefsOf(m.html!)).toContain(`${MAIN}${locale === 'en' ? '' : `/${locale}`}/manage/fundraiser/42`);
  });

  it("a campaigner's thank-you to a donor: their words, a button to the story", async () => {
    const words = (await import(`@/messages/${locale}.json`)).Donors.email;
    const m = await acknowledgementEmail({ locale, email: 'asha@example.com', donorName: 'Asha', senderName: 'Ravi', fundraiserTitle: 'Help Meera walk again', message: 'Thank you for standing with Meera.', storyUrl: `${MAIN}/stories/help-meera`, brand: { name: 'Sahyog' } });
    expectWellFormed(m.html!, m.body, locale, [MAIN]);
    expect(m.html).toContain('Thank you for standing with Meera.');
    expect(m.html).toContain(inHtml(words.open));
    expect(hrefsOf(m.html!)).toEqual([`${MAIN}/stories/help-meera`]);
  });

  it("a held change's outcome: a live edit opens the story, a declined edit or update carries the reviewer's words and the dashboard", async () => {
    const en = (await import('@/messages/en.json')).Review.email;
    const words = (await import(`@/messages/${locale}.json`)).Review.email;
    const prefix = locale === 'en' ? '' : `/${locale}`;
    const facts = { locale, email: 'c@example.com', name: 'Ravi', title: 'Help Meera walk again', fundraiserId: 42, customTag: 'help-meera', origin: PARTNER, brand: { name: 'Partner Cares' } };
    const live = await heldChangeEmail(facts, { what: 'edit', decision: 'approve' });
    expectWellFormed(live.html!, live.body, locale, [PARTNER]);
    expect(hrefsOf(live.html!)).toEqual([`${PARTNER}${prefix}/stories/help-meera`]);
    expect(live.html).toContain(inHtml(words.openStory));
    for (const what of ['edit', 'update'] as const) {
      const back = await heldChangeEmail(facts, { what, decision: 'send_back', reason: 'Please remove the phone number.' });
      expectWellFormed(back.html!, back.body, locale, [PARTNER]);
      expect(back.body).toContain('Please remove the phone number.');
      expect(hrefsOf(back.html!)).toEqual([`${PARTNER}${prefix}/manage/fundraiser/42`]);
      if (locale !== 'en') expect(back.subject).not.toContain(en[`${what}DeclinedSubject`].split(':')[0]);
    }
  });

  it('a supporting fundraiser started (to the parent campaigner) and declined (to its starter)', async () => {
    const en = (await import('@/messages/en.json')).Review.email;
    const prefix = locale === 'en' ? '' : `/${locale}`;
    const facts = { locale, email: 'c@example.com', name: 'Ravi', title: 'Help Meera walk again', fundraiserId: 42, customTag: '', origin: MAIN, brand: { name: 'Sahyog' } };
    const started = await supportingStartedEmail({ ...facts, supporter: 'Priya', supportingTitle: 'Run for Meera' });
    expectWellFormed(started.html!, started.body, locale, [MAIN]);
    expect(started.body).toContain('Run for Meera');
    expect(started.body).toContain('Priya');
    expect(hrefsOf(started.html!)).toEqual([`${MAIN}${prefix}/manage/fundraiser/42#supporting-heading`]);
    const declined = await supportingDeclinedEmail({ ...facts, title: 'Run for Meera', parentTitle: 'Help Meera walk again', parentTag: 'help-meera' });
    expectWellFormed(declined.html!, declined.body, locale, [MAIN]);
    expect(hrefsOf(declined.html!)).toEqual([`${MAIN}${prefix}/stories/help-meera`]);
    if (locale !== 'en') expect(declined.subject).not.toContain(en.supportingDeclinedSubject.split(':')[0]);
  });

  it("a visitor's message to a campaigner: their words, how to reply, the story", async () => {
    const words = (await import(`@/messages/${locale}.json`)).Review.email;
    const m = await campaignerMessageEmail({ locale, email: 'c@example.com', name: 'Ravi', title: 'Help Meera walk again', fundraiserId: 42, customTag: 'help-meera', origin: PARTNER, brand: { name: 'Partner Cares' }, sender: 'Priya', message: 'Can I visit Meera?', replyTo: 'priya@example.com' });
    expectWellFormed(m.html!, m.body, locale, [PARTNER]);
    for (const fact of ['Can I visit Meera?', 'priya@example.com', 'Priya']) expect(m.body).toContain(fact);
    expect(m.html).toContain(inHtml(words.openStory));
    expect(hrefsOf(m.html!)).toEqual([`${PARTNER}${locale === 'en' ? '' : `/${locale}`}/stories/help-meera`]);
  });

  it('a fundraiser started for a beneficiary: who started it, a sign-in link on the site', async () => {
    const en = (await import('@/messages/en.json')).Review.email;
    const m = await beneficiaryEmail({ locale, email: 'b@example.com', agent: 'Field Agent Kiran', origin: MAIN, brand: { name: 'Sahyog' } });
    expectWellFormed(m.html!, m.body, locale, [MAIN]);
    expect(m.body).toContain('Field Agent Kiran');
    expect(new URL(hrefsOf(m.html!)[0]).pathname).toBe(`${locale === 'en' ? '' : `/${locale}`}/new/signin`);
    if (locale !== 'en') expect(m.subject).not.toBe(en.beneficiarySubject);
  });

  it('the same news by SMS when only a phone was given: who started it, in the language asked', async () => {
    const en = (await import('@/messages/en.json')).Review.email;
    const m = await beneficiarySms({ locale, phone: '9876543210', agent: 'Field Agent Kiran', brand: { name: 'Sahyog' } });
    expect(m).toMatchObject({ channel: 'sms', recipient: '9876543210' });
    expect(m.html).toBeUndefined();
    for (const fact of ['Field Agent Kiran', 'Sahyog']) expect(m.body).toContain(fact);
    if (locale === 'en') expect(m.body).toBe('Field Agent Kiran has started a fundraiser for you on Sahyog. Sign in with this phone number to see it and follow its review.');
    else expect(m.body).not.toContain(en.beneficiarySms.split('{brand}')[1]);
  });

  it('an email written as text (team notices, codes) gets the same layout, its addresses linked', async () => {
    const html = await plainEmailHtml({ subject: 'Your sign-in code', body: 'Your code is 482913.\n\nOr open https://sahyog.example/new/signin?x=1&y=2', locale });
    expect(html).toContain(`dir="${locale === 'ar' || locale === 'ur' ? 'rtl' : 'ltr'}"`);
    expect(hrefsOf(html)).toEqual(['https://sahyog.example/new/signin?x=1&y=2']);
  });
});

describe('the template set refuses a link that cannot be tapped', () => {
  it('a relative link throws instead of going out', async () => {
    expect(() => assertAbsolute('/stories/help-meera')).toThrow(/not absolute/);
    await expect(renderEmail({ locale: 'en', subject: 's', heading: 'h', brand: 'Sahyog', blocks: [{ kind: 'button', label: 'Open', href: '/stories/x' }] })).rejects.toThrow(/not absolute/);
  });

  it('what a donor typed is text, never markup', async () => {
    const m: OutgoingMessage = await receiptEmail(receipt({ donorName: '<img src=x onerror=alert(1)>' }));
    expect(m.html).not.toContain('<img src=x');
    expect(m.html).toContain('&lt;img src=x');
  });
});
