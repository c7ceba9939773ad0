// Every SIP email carries signed links that lower, pause, skip, resume, change the method of or cancel the SIP
// without signing in. A link is single-purpose, expires, works once, and only its hash is stored; opening it (GET)
// changes nothing.
import { createElement, type ReactElement, type ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { createTranslator } from 'next-intl';
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import en from '@/messages/en.json';
import { POST as linksRoute } from '@/app/api/sip/links/route';
import { getDb, closeDb, type Db } from '@/lib/db/client';
import { outbox, sipActionLinks, subscriptions } from '@/lib/db/schema';
import { sipActionLink, sipEmailLinks, SIP_LINK_ERRORS } from '@/lib/sip/links';
import { describeSipActionLink } from '@/lib/sip/link-actions';
import { guardRedirect } from '@/lib/auth/guards';
import { SIP_ACTION_LINK_TTL_MS } from '@/lib/constants/sip';
import { DAY_MS } from '@/lib/constants/time';
import { makeSubscription, makeUser } from '../factories';
import { call } from '../helpers/db';

jest.mock('next-intl/server', () => ({
  setRequestLocale: () => {},
  getTranslations: async (arg: string | { namespace: string }) => createTranslator({ locale: 'en', messages: en, namespace: (typeof arg === 'string' ? arg : arg.namespace) as never }),
}));
jest.mock('@/i18n/navigation', () => ({ Link: ({ href, children, ...rest }: { href: string; children: ReactNode }) => createElement('a', { href, ...rest }, children) }));
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the page loads after the mocks
const ManagePage = require('@/app/[site]/[locale]/(main)/sip/manage/page').default as (props: { params: Promise<Record<string, string>>; searchParams: Promise<Record<string, string>> }) => Promise<ReactElement>;

let db: Db;
const run = Date.now().toString(36);
const ORIGIN = 'http://localhost';
beforeAll(async () => {
  db = await getDb();
});
afterAll(closeDb);

async function runningSip(locale = 'en') {
  const user = await makeUser(db, 'Link Donor');
  const { subscription } = await makeSubscription(db, { userId: user.id, lines: [{ sip_cause: 'medical', amount_minor: 50_000 }] });
  const today = new Date();
  await db.update(subscriptions).set({ locale, next_payment_date: new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 1, 10, 6)) }).where(eq(subscriptions.id, subscription.id));
  return { user, sub: subscription };
}
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;
// no cookie, no bearer token: the link is the only proof
const use = (body: unknown) => call(linksRoute, '/api/sip/links', {}, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const row = async (id: number) => (await db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0];

async function renderPage(token: string, locale = 'en') {
  const { prelude } = await prerender(await ManagePage({ params: Promise.resolve({ site: 'localhost', locale }), searchParams: Promise.resolve({ token }) }));
  return new Response(prelude).text();
}

describe('signed SIP links', () => {
  it('stores only the hash of a random token, with an expiry and one action, and opens /sip/manage in the SIP language', async () => {
    const { sub } = await runningSip('hi');
    const before = Date.now();
    const link = await sipActionLink(db, sub.id, 'pause', ORIGIN);
    expect(link).toMatch(/^http:\/\/localhost\/hi\/sip\/manage\?token=[A-Za-z0-9_-]{40,}$/);
    const token = tokenOf(link);
    const [stored] = await db.select().from(sipActionLinks).where(eq(sipActionLinks.subscription_id, sub.id));
    expect(stored).toMatchObject({ action: 'pause', used_at: null, token_hash: createHash('sha256').update(token).digest('hex') });
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(Math.abs(stored.expires_at.getTime() - (before + SIP_ACTION_LINK_TTL_MS))).toBeLessThan(60_000);
    expect(SIP_ACTION_LINK_TTL_MS).toBe(14 * DAY_MS);
  });

  it('works signed out, once: a second use is refused and changes nothing more', async () => {
    const { sub } = await runningSip();
    const token = tokenOf(await sipActionLink(db, sub.id, 'pause', ORIGIN));
    const r = await use({ token, action: 'pause', months: 2 });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ action: 'pause', subscription: { id: sub.id, status_flag: 2 } });
    const [spent] = await db.select().from(sipActionLinks).where(eq(sipActionLinks.subscription_id, sub.id));
    expect(spent.used_at).toBeInstanceOf(Date);
    const pausedUntil = (await row(sub.id)).paused_until;
    const again = await use({ token, action: 'pause', months: 1 });
    expect([again.status, again.body.error.message]).toEqual([409, SIP_LINK_ERRORS.used]);
    expect((await row(sub.id)).paused_until).toEqual(pausedUntil);
  });

  it('refuses expired, unknown and wrong-action links with a clear 4xx; a wrong-action try leaves the link usable', async () => {
    const { sub } = await runningSip();
    const old = tokenOf(await sipActionLink(db, sub.id, 'skip', ORIGIN, new Date(Date.now() - SIP_ACTION_LINK_TTL_MS - DAY_MS)));
    const expired = await use({ token: old, action: 'skip' });
    expect([expired.status, expired.body.error.message]).toEqual([409, SIP_LINK_ERRORS.expired]);

    const unknown = await use({ token: `unknown${run}AAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`, action: 'skip' });
    expect([unknown.status, unknown.body.error.message]).toEqual([404, SIP_LINK_ERRORS.unknown]);
    expect((await use({ token: 'short', action: 'skip' })).status).toBe(422);

    const skip = tokenOf(await sipActionLink(db, sub.id, 'skip', ORIGIN));
    const wrong = await use({ token: skip, action: 'cancel' });
    expect([wrong.status, wrong.body.error.message]).toEqual([403, SIP_LINK_ERRORS.wrongAction]);
    expect((await row(sub.id)).status_flag).toBe(1);
    expect((await use({ token: skip, action: 'skip' })).status).toBe(200);
    expect((await row(sub.id)).skip_period).not.toBeNull();
  });

  it('a change the rules refuse (below the minimum) leaves the link unused for another try', async () => {
    const { sub } = await runningSip();
    const token = tokenOf(await sipActionLink(db, sub.id, 'lower', ORIGIN));
    const low = await use({ token, action: 'lower', amount: 40 });
    expect(low.status).toBe(422);
    expect(low.body.error.message).toBe('The monthly amount for Medical must be at least ₹100');
    const higher = await use({ token, action: 'lower', amount: 900 });
    expect([higher.status, higher.body.error.message]).toEqual([422, 'The new monthly amount must be lower than the current one']);
    const ok = await use({ token, action: 'lower', amount: 200 });
    expect(ok.body.data).toMatchObject({ action: 'lower', subscription: { amount_minor: 20_000 } });
  });

  it('cancels from the email link signed out, with the confirmation email; a cancelled SIP refuses its other links', async () => {
    const { user, sub } = await runningSip();
    const cancel = tokenOf(await sipActionLink(db, sub.id, 'cancel', ORIGIN));
    const pause = tokenOf(await sipActionLink(db, sub.id, 'pause', ORIGIN));
    const r = await use({ token: cancel, action: 'cancel', reason: `Too expensive ${run}` });
    expect(r.status).toBe(200);
    expect(await row(sub.id)).toMatchObject({ status_flag: 3, cancel_reason: `Too expensive ${run}` });
    expect(await db.select().from(outbox).where(and(eq(outbox.recipient, user.email), eq(outbox.subject, 'Your monthly SIP is cancelled')))).toHaveLength(1);
    const late = await use({ token: pause, action: 'pause', months: 1 });
    expect([late.status, late.body.error.message]).toEqual([409, 'This SIP is cancelled and can no longer be changed']);
  });

  it('changes the payment method from a link: answers where to authorise the new mandate', async () => {
    const { sub } = await runningSip();
    const token = tokenOf(await sipActionLink(db, sub.id, 'change_method', ORIGIN));
    const r = await use({ token, action: 'change_method', method: 'Emandate' });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ action: 'change_method', mandate_id: expect.any(Number), authoriseUrl: expect.stringContaining('/payment/sandbox/mandate?') });
  });

  it('resumes a paused SIP from a link', async () => {
    const { sub } = await runningSip();
    await use({ token: tokenOf(await sipActionLink(db, sub.id, 'pause', ORIGIN)), action: 'pause', months: 1 });
    const r = await use({ token: tokenOf(await sipActionLink(db, sub.id, 'resume', ORIGIN)), action: 'resume' });
    expect(r.body.data.subscription).toMatchObject({ status_flag: 1, paused_until: null });
  });
});

describe('the link page and the emails', () => {
  it('GET shows what the link does and changes nothing; used and unknown links say so', async () => {
    const { sub } = await runningSip();
    const token = tokenOf(await sipActionLink(db, sub.id, 'cancel', ORIGIN));
    const html = await renderPage(token);
    expect(html).toContain(en.SipManage.linkTitle.cancel);
    expect(html).toContain(en.SipManage.confirm.cancel);
    expect(html).toContain('₹500 a month');
    expect((await describeSipActionLink(db, token)).state).toBe('ready');
    expect(await row(sub.id)).toMatchObject({ status_flag: 1 });
    await use({ token, action: 'cancel' });
    expect(await renderPage(token)).toContain(en.SipManage.linkUsed);
    expect(await renderPage('nothing-like-a-real-token-at-all')).toContain(en.SipManage.linkUnknown);
  });

  it('the link page opens without a session (the guard lets /sip/manage through, not /sip)', () => {
    const req = (path: string) => ({ path, search: new URLSearchParams('token=abc'), cookie: () => undefined, isMobile: false, sipRetentionUrl: 'https://sip.sahyog.in' });
    expect(guardRedirect(req('/sip/manage'))).toBeNull();
    expect(guardRedirect(req('/sip'))).toMatch(/^\/new\/signin\?/);
  });

  it('sipEmailLinks: a line per action the state allows, each a distinct working link; none for a cancelled SIP', async () => {
    const { sub } = await runningSip();
    const text = await sipEmailLinks(db, sub.id, ORIGIN);
    const links = [...text.matchAll(/http:\/\/localhost\/sip\/manage\?token=([A-Za-z0-9_-]+)/g)].map((m) => m[1]);
    expect(text.split('\n')[0]).toBe('Manage your SIP without signing in (each link works once, for 14 days):');
    expect(text).toContain('Pause it for 1 to 3 months: http://localhost/sip/manage?token=');
    expect(links).toHaveLength(5);
    expect(new Set(links).size).toBe(5);
    const actions = await Promise.all(links.map(async (t) => (await describeSipActionLink(db, t)).action));
    expect(actions).toEqual(['lower', 'pause', 'skip', 'change_method', 'cancel']);
    await db.update(subscriptions).set({ status_flag: 3 }).where(eq(subscriptions.id, sub.id));
    expect(await sipEmailLinks(db, sub.id, ORIGIN)).toBe('');
  });
});
