// Emails in the recipient's language (messages/*.json), isolated for RTL, with English kept word for word for existing readers and tests.
import { and, eq, like } from 'drizzle-orm';
import { POST as askRoute } from '@/app/api/fundraisers/[id]/ask-for-update/route';
import { POST as postUpdateRoute } from '@/app/api/fundraisers/[id]/updates/route';
import { closeDb, getDb, type Db } from '@/lib/db/client';
import { carts, outbox, subscriptions, users } from '@/lib/db/schema';
import { SIP_MISSED_PERIOD_GRACE_DAYS } from '@/lib/constants/sip';
import { INDIA_TIME_ZONE } from '@/lib/constants/time';
import { formatMoney } from '@/lib/money';
import { verifyUpdateOptOutToken } from '@/lib/fundraisers/update-opt-out';
import { setSandboxMandateOutcome } from '@/lib/payments/sandbox';
import { chargeDueSubscriptions } from '@/lib/sip/charge-due';
import { sendPreDebitNotices } from '@/lib/sip/pre-debit';
import { sipMonthLabel, sipPeriod } from '@/lib/sip/settled';
import { SIP_STATUS } from '@/lib/sip/status';
import en from '@/messages/en.json';
import hi from '@/messages/hi.json';
import ta from '@/messages/ta.json';
import ar from '@/messages/ar.json';
import { makeFundraiser, makeOrder, makeSubscription, makeUser } from '../factories';
import { signedInPerson } from '../helpers/auth';
import { call } from '../helpers/db';

const ORIGIN = 'http://localhost:3000';
const HOUR_MS = 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;
const FSI = '\u2068';
const LRI = '\u2066';
const PDI = '\u2069';
const run = Date.now().toString(36);
let seq = 0;
let ip = 0;
let db: Db;

beforeAll(async () => {
  db = await getDb();
});
afterAll(closeDb);

/** A donor's ₹500 SIP in `locale`, under an active sandbox mandate unless told, with these values. */
async function sipIn(locale: string, values: Partial<typeof subscriptions.$inferInsert> = {}, mandate: 'active' | 'created' = 'active') {
  const donor = await makeUser(db, 'Sip Locale Donor');
  const made = await makeSubscription(db, { userId: donor.id, lines: [{ sip_cause: 'medical', amount_minor: 50_000 }], mandate });
  const [sub] = await db
    .update(subscriptions)
    .set({ locale, status_flag: SIP_STATUS.active, next_payment_date: new Date(Date.now() - HOUR_MS), ...values })
    .where(eq(subscriptions.id, made.subscription.id))
    .returning();
  return { donor, sub, mandate: made.mandate };
}

const mailTo = (recipient: string) => db.select().from(outbox).where(eq(outbox.recipient, recipient)).orderBy(outbox.id);
const dayIn = (intl: string, at: Date) => at.toLocaleDateString(intl, { day: 'numeric', month: 'long', year: 'numeric', timeZone: INDIA_TIME_ZONE });

/** A pre-debit notice for a SIP in `locale` due 30 hours from now, to a donor with a phone: [email, sms]. */
async function preDebitIn(locale: string) {
  const now = new Date();
  const { donor, sub } = await sipIn(locale, { next_payment_date: new Date(now.getTime() + 30 * HOUR_MS) });
  const phone = `9${String(Date.now()).slice(-5)}${String(++seq).padStart(4, '0')}`;
  await db.update(users).set({ phone_1: phone }).where(eq(users.id, donor.id));
  expect((await sendPreDebitNotices(db, { now, origin: ORIGIN, subscriptionIds: [sub.id] })).sent).toBe(1);
  const [email] = await mailTo(donor.email);
  const [sms] = await mailTo(phone);
  return { donor, sub, email, sms };
}

describe('the pre-debit notice', () => {
  it('is in English, word for word as before, for an English SIP', async () => {
    const { donor, sub, email, sms } = await preDebitIn('en');
    const day = dayIn('en-IN', sub.next_payment_date!);
    expect(email.subject).toBe(`Your monthly SIP of ₹500 will be debited on ${day}`);
    expect(email.body).toContain(
      [
        `Dear ${donor.full_name},`,
        '',
        `This is a notice that ₹500 will be debited under your mandate on ${day} for your monthly SIP.`,
        `To change the amount, skip this month, pause or cancel, visit ${ORIGIN}/sip before then.`,
        '',
        'Team Sahyog',
      ].join('\n'),
    );
    expect(sms.body).toBe(`Sahyog: your monthly SIP of ₹500 will be debited on ${day}. Manage it: ${ORIGIN}/sip`);
  });

  it('is in Hindi for a Hindi SIP: the email, its subject and the SMS, with a Hindi date and amount', async () => {
    const { donor, sub, email, sms } = await preDebitIn('hi');
    const amount = formatMoney(50_000, 'INR', 'hi', { exact: true });
    const day = dayIn('hi-IN', sub.next_payment_date!);
    expect(email.subject).toBe(`${day} को आपके मासिक SIP के ${amount} कटेंगे`);
    expect(email.subject).toContain('मासिक');
    expect(email.body).toContain(`प्रिय ${donor.full_name},`);
    expect(email.body).toContain(`सूचना: आपके मासिक SIP के लिए ${day} को आपके मैंडेट से ${amount} काटे जाएँगे।`);
    // the manage link opens the Hindi pages
    expect(email.body).toContain(`${ORIGIN}/hi/sip पर जाएँ`);
    expect(email.body).toContain('टीम Sahyog');
    expect(email.body).not.toMatch(/Dear|notice|Team Sahyog/);
    expect(sms.body).toBe(`Sahyog: आपके मासिक SIP के ${amount} ${day} को कटेंगे। SIP संभालें: ${ORIGIN}/hi/sip`);
  });

  it('is in Arabic for an Arabic SIP, the amount and link isolated left to right, the name and date in their own direction', async () => {
    const { donor, sub, email, sms } = await preDebitIn('ar');
    const amount = `${LRI}${formatMoney(50_000, 'INR', 'ar', { exact: true })}${PDI}`;
    const day = `${FSI}${dayIn('ar', sub.next_payment_date!)}${PDI}`;
    const link = `${LRI}${ORIGIN}/ar/sip${PDI}`;
    expect(email.subject).toBe(`سيُخصم اشتراكك الشهري SIP بمبلغ ${amount} في ${day}`);
    expect(email.body).toContain(`عزيزي/عزيزتي ${FSI}${donor.full_name}${PDI}،`);
    expect(email.body).toContain(`تفضّل بزيارة ${link} قبل ذلك الموعد`);
    expect(email.body).toContain('فريق Sahyog');
    // the SMS opens with Arabic script, so a plain-text reader lays it out right to left
    expect(sms.body).toBe(`تنبيه من Sahyog: سيُخصم اشتراكك الشهري SIP بمبلغ ${amount} في ${day}. للإدارة: ${link}`);
  });
});

describe('the emails of a SIP the charge run could not collect', () => {
  it('the paused email is in the SIP\'s language (Tamil): the month, the amount and the reason in Tamil', async () => {
    const { donor, sub, mandate } = await sipIn('ta');
    await setSandboxMandateOutcome(db, mandate!.gateway_mandate_id, 'insufficient_funds');
    let now = new Date();
    // the first debit and its two retries fail: the SIP is paused
    for (let n = 0; n < 3; n++) {
      expect(await chargeDueSubscriptions(db, { origin: ORIGIN, now, subscriptionIds: [sub.id] })).toMatchObject({ placed: 1, failed: 1 });
      const [s] = await db.select().from(subscriptions).where(eq(subscriptions.id, sub.id));
      if (s.next_retry_at) now = new Date(s.next_retry_at.getTime() + MINUTE_MS);
    }
    const [mail] = await db.select().from(outbox).where(and(eq(outbox.recipient, donor.email), eq(outbox.subject, ta.SipManage.email.pausedSubject)));
    expect(mail.subject).toBe('உங்கள் மாதாந்திர SIP இடைநிறுத்தப்பட்டது');
    const month = sipMonthLabel(sipPeriod(sub.next_payment_date!), 'ta');
    expect(month).not.toBe(sipMonthLabel(sipPeriod(sub.next_payment_date!)));
    expect(mail.body).toContain(`${month} மாதத்துக்கான உங்கள் ${formatMoney(50_000, 'INR', 'ta', { exact: true })} மாதாந்திர SIP தொகையைப் பெற முடியவில்லை (வங்கி அதை நிராகரித்தது).`);
    expect(mail.body).toContain(`மீண்டும் தொடங்க அல்லது செலுத்தும் முறையை மாற்ற: ${ORIGIN}/ta/sip`);
    expect(mail.body).toContain('Sahyog குழு');
    expect(mail.body).not.toMatch(/Dear|Team Sahyog|bank declined/);
  });

  it('the new-mandate email is in Arabic: the grace days as a parameter, the month isolated', async () => {
    const { donor, sub } = await sipIn('ar', {}, 'created');
    expect(await chargeDueSubscriptions(db, { origin: ORIGIN, subscriptionIds: [sub.id] })).toMatchObject({ awaitingMandate: 1 });
    const [mail] = await mailTo(donor.email);
    expect(mail.subject).toBe(ar.SipManage.email.newMandateSubject);
    expect(mail.subject).toBe('يرجى إعداد طريقة الدفع لاشتراكك SIP من جديد');
    const month = `${FSI}${sipMonthLabel(sipPeriod(sub.next_payment_date!), 'ar')}${PDI}`;
    expect(mail.body).toContain(`لذا لم نتمكن من تحصيله عن ${month}.`);
    expect(SIP_MISSED_PERIOD_GRACE_DAYS).toBe(10);
    expect(mail.body).toContain(`إذا فعلت ذلك خلال 10 أيام، فسيُحصَّل مبلغ ${month} مرة واحدة`);
    expect(mail.body).toContain(`أعدّ طريقة دفع جديدة: ${LRI}${ORIGIN}/ar/sip${PDI}`);
  });

  it('the new-mandate email of an English SIP is word for word as before', async () => {
    const { donor, sub } = await sipIn('en', {}, 'created');
    await chargeDueSubscriptions(db, { origin: ORIGIN, subscriptionIds: [sub.id] });
    const [mail] = await mailTo(donor.email);
    const month = sipMonthLabel(sipPeriod(sub.next_payment_date!));
    expect(mail.subject).toBe('Please set up your SIP payment method again');
    expect(mail.body).toContain(
      [
        `Dear ${donor.full_name},`,
        '',
        `Your bank no longer accepts debits under the mandate of your monthly SIP of ₹500, so we could not collect it for ${month}.`,
        `Set up a new payment method: ${ORIGIN}/sip`,
        `If you do so within ${SIP_MISSED_PERIOD_GRACE_DAYS} days, ${month} is collected once; nothing is debited until then.`,
        '',
        'Team Sahyog',
      ].join('\n'),
    );
  });
});

describe('an update email', () => {
  type Auth = Record<string, string>;
  const send = (auth: Auth, body: unknown) => ({ method: 'POST', headers: { 'content-type': 'application/json', 'x-sahyog-client-address': `10.19.0.${++ip % 250}`, ...auth }, body: JSON.stringify(body) });
  const postUpdate = (auth: Auth, id: number, title: string) =>
    call(postUpdateRoute, `/api/fundraisers/${id}/updates`, { id: String(id) }, send(auth, { title, body: '<p>The treatment is going well, thank you all.</p>' }));
  const ask = (auth: Auth, id: number) => call(askRoute, `/api/fundraisers/${id}/ask-for-update`, { id: String(id) }, send(auth, {}));
  /** A paid gift to the fundraiser, given in `locale` (signed in as `userId` when given). */
  async function gift(fundraiserId: number, email: string, locale: string, userId?: number) {
    const [cart] = await db
      .insert(carts)
      .values({ fundraiser_id: fundraiserId, user_id: userId ?? null, currency: 'INR', donated_amount_minor: 30_000, donated_amount_inr_minor: 30_000, donor_name: 'Locale Donor', donor_email: email, locale })
      .returning();
    await makeOrder(db, { order_id: `SHYLOC${run}${++seq}`.toUpperCase(), cart_id: cart.id, user_id: userId ?? null, fundraiser_id: fundraiserId, payment_mode: 'UPI', payment_gateway: 'sandbox', iso_currency: 'INR', donated_amount_minor: 30_000, credited_amount_minor: 30_000, status: 'success' });
  }
  const updateMail = async (email: string, title: string) => (await db.select().from(outbox).where(and(eq(outbox.recipient, email), like(outbox.subject, `%${title}%`))))[0];
  const tokenIn = (body: string) => new URL(/(https?:\/\/\S+\/updates\/opt-out\?[^\s\u2069]+)/.exec(body)![1]).searchParams.get('token')!;

  it('goes to each donor in the language they gave in, and to an asker in the language of their last gift; English when unknown', async () => {
    const campaigner = await signedInPerson(db, 'Locale Campaigner');
    const f = await makeFundraiser(db, { campaigner_id: campaigner.id });
    const tamil = `tamil.${run}@example.com`;
    const english = `english.${run}@example.com`;
    const arabic = `arabic.${run}@example.com`;
    const changed = `changed.${run}@example.com`;
    await gift(f.id, tamil, 'ta');
    await gift(f.id, english, 'en');
    await gift(f.id, arabic, 'ar');
    // a donor who gave in Hindi, then in Tamil: the latest gift's language
    await gift(f.id, changed, 'hi');
    await gift(f.id, changed.toUpperCase(), 'ta');
    // an asker who once gave to another fundraiser in Hindi, and one who never gave
    const hindiAsker = await signedInPerson(db, 'Hindi Asker');
    await gift((await makeFundraiser(db)).id, hindiAsker.email, 'hi', hindiAsker.id);
    const newAsker = await signedInPerson(db, 'New Asker');
    for (const asker of [hindiAsker, newAsker]) expect((await ask(asker.auth, f.id)).status).toBe(201);

    const title = `Good news ${run}`;
    const posted = (await postUpdate(campaigner.auth, f.id, title)).body.data;
    expect(posted.emailed).toBe(6);
    // The link opens the update's own page, in the donor's language
    const page = (prefix: string) => `${ORIGIN}${prefix}/new/campaign/campaign_update?ct=${f.custom_tag}&update=${posted.id}`;
    const story = page('');

    const inEnglish = await updateMail(english, title);
    expect(inEnglish.subject).toBe(`An update on "${f.title}": ${title}`);
    expect(inEnglish.body).toMatch(
      new RegExp(`^The treatment is going well, thank you all\\.\\n\\nRead it on the fundraiser: ${story.replace(/[.?]/g, '\\$&')}\\n\\nTeam Sahyog\\n\\nTo stop emails about this fundraiser's updates: ${ORIGIN}/stories/${f.custom_tag}/updates/opt-out\\?token=\\S+$`),
    );
    expect((await updateMail(newAsker.email.toLowerCase(), title)).subject).toBe(`An update on "${f.title}": ${title}`);

    const inTamil = await updateMail(tamil, title);
    expect(inTamil.subject).toBe(`"${f.title}" பற்றிய புதுப்பிப்பு: ${title}`);
    expect(inTamil.body).toContain(`நிதி திரட்டல் பக்கத்தில் படிக்க: ${page('/ta')}`);
    expect(inTamil.body).toContain('Sahyog குழு');
    expect(inTamil.body).toContain(`இந்த நிதி திரட்டலின் புதுப்பிப்பு மின்னஞ்சல்களை நிறுத்த: ${ORIGIN}/stories/${f.custom_tag}/updates/opt-out?token=`);
    expect(inTamil.body).not.toMatch(/Read it|Team Sahyog|To stop emails/);
    // the unsubscribe link still works for its address
    expect(verifyUpdateOptOutToken(f.id, tokenIn(inTamil.body))).toBe(tamil);
    expect((await updateMail(changed, title)).subject).toBe(inTamil.subject);

    const inHindi = await updateMail(hindiAsker.email.toLowerCase(), title);
    expect(inHindi.subject).toBe(`"${f.title}" पर नया अपडेट: ${title}`);
    expect(inHindi.body).toContain('टीम Sahyog');

    const inArabic = await updateMail(arabic, title);
    expect(inArabic.subject).toBe(`تحديث جديد عن "${FSI}${f.title}${PDI}": ${FSI}${title}${PDI}`);
    expect(inArabic.body).toContain(`اقرأه على صفحة حملة التبرعات: ${LRI}${page('/ar')}${PDI}`);
    expect(inArabic.body).toContain(`لإيقاف رسائل تحديثات حملة التبرعات هذه: ${LRI}${ORIGIN}/stories/${f.custom_tag}/updates/opt-out?token=`);
    expect(verifyUpdateOptOutToken(f.id, tokenIn(inArabic.body))).toBe(arabic);
  });

  it('without an update title, the subject names the fundraiser only', async () => {
    const campaigner = await signedInPerson(db, 'Untitled Campaigner');
    const f = await makeFundraiser(db, { campaigner_id: campaigner.id });
    const donor = `untitled.${run}@example.com`;
    await gift(f.id, donor, 'hi');
    expect((await postUpdate(campaigner.auth, f.id, '')).body.data.emailed).toBe(1);
    // the donor's receipt went to the same address: the update is the one naming no update title
    const mail = await updateMail(donor, 'नया अपडेट');
    expect(mail.subject).toBe(`"${f.title}" पर नया अपडेट`);
    expect(hi.Updates.email.subject).toBe('"{title}" पर नया अपडेट');
    expect(en.Updates.email.subject).toBe('An update on "{title}"');
  });
});
