// Same-origin on every write by default (lib/api/route.ts): a browser's cross-site post is refused before anything is
// read or written; only the writes named in CROSS_SITE_WRITES (gateways, a sign-in provider, our own server) take one.
import { call, closeDb } from '../helpers/db';
import { CROSS_SITE_WRITES, route } from '@/lib/api/route';
import { json } from '@/lib/http/respond';
import { POST as visit } from '@/app/api/fundraisers/[id]/visit/route';
import { POST as contributeNow } from '@/app/api/fundraisers/[id]/contribute-now/route';
import { POST as coupon } from '@/app/api/coupon/route';
import { POST as eligibility } from '@/app/api/payment/eligibility/route';
import { POST as verifyVpa } from '@/app/api/verify/vpa/route';
import { POST as vpaTxn } from '@/app/api/verify/vpatxn/route';
import { POST as premium } from '@/app/api/insurance/premium/route';
import { POST as collect } from '@/app/api/actions/collect/route';
import { POST as shortUrl } from '@/app/api/short-url/route';
import { POST as webhook } from '@/app/api/webhooks/[gateway]/route';
import { POST as internalTask } from '@/app/api/internal/tasks/[task]/route';

afterAll(closeDb);

// what a browser sends with a form or fetch posted from another site, with the visitor's cookies
const crossSite = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', origin: 'https://elsewhere.example', 'sec-fetch-site': 'cross-site', cookie: 'u_auth=x' },
  body: JSON.stringify(body),
});

const REFUSED = { status: 403, body: { error: { code: 'forbidden', message: 'Cross-site request refused' } } };

describe('writes that did not check the origin before now refuse a cross-site post', () => {
  test.each([
    ['fundraisers/{id}/visit', () => call(visit, '/api/fundraisers/1/visit', { id: '1' }, crossSite({}))],
    ['fundraisers/{id}/contribute-now', () => call(contributeNow, '/api/fundraisers/1/contribute-now', { id: '1' }, crossSite({}))],
    ['coupon', () => call(coupon, '/api/coupon', {}, crossSite({ coupon_code: 'X', currency: 'INR', donated_amount: 100 }))],
    ['payment/eligibility', () => call(eligibility, '/api/payment/eligibility', {}, crossSite({ amount: 100 }))],
    ['verify/vpa', () => call(verifyVpa, '/api/verify/vpa', {}, crossSite({ vpa: 'a@bank' }))],
    ['verify/vpatxn', () => call(vpaTxn, '/api/verify/vpatxn', {}, crossSite({ order_id: 'abcd1234' }))],
    ['insurance/premium', () => call(premium, '/api/insurance/premium', {}, crossSite({}))],
    ['actions/collect', () => call(collect, '/api/actions/collect', {}, crossSite({}))],
    ['short-url', () => call(shortUrl, '/api/short-url', {}, crossSite({ fundraiser_id: 1 }))],
  ])('%s', async (_name, send) => {
    expect(await send()).toMatchObject(REFUSED);
  });
});

describe('the named exceptions take a cross-site post (their own proof is checked instead)', () => {
  it('a gateway webhook is not refused for its origin', async () => {
    const res = await call(webhook, '/api/webhooks/no-such-gateway', { gateway: 'no-such-gateway' }, crossSite({}));
    expect(res.body?.error?.message).not.toBe('Cross-site request refused');
  });

  it('an internal task without its secret is not found, not refused for its origin', async () => {
    const res = await call(internalTask, '/api/internal/tasks/reconcile', { task: 'reconcile' }, crossSite({}));
    expect(res.status).toBe(404);
  });

  it('every exception says why', () => {
    for (const reason of Object.values(CROSS_SITE_WRITES)) expect(reason.length).toBeGreaterThan(20);
  });
});

describe('route()', () => {
  const echo = (crossSiteName?: keyof typeof CROSS_SITE_WRITES) => route({ who: 'anyone', database: false, ...(crossSiteName ? { crossSite: crossSiteName } : {}) }, async () => json({ ok: true }));

  it('checks the origin of every write by default', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) expect(await call(echo(), '/x', {}, { ...crossSite({}), method })).toMatchObject(REFUSED);
  });

  it('lets reads and same-origin writes through', async () => {
    expect((await call(echo(), '/x', {}, { headers: { 'sec-fetch-site': 'cross-site' } })).status).toBe(200);
    expect((await call(echo(), '/x', {}, { method: 'POST', headers: { origin: 'http://localhost', 'sec-fetch-site': 'same-origin' } })).status).toBe(200);
  });

  it('lets a named exception take a cross-site write', async () => {
    expect((await call(echo('paymentWebhook'), '/x', {}, crossSite({}))).status).toBe(200);
  });
});
