// Partners and sponsors on the desk: an admin adds, changes and switches off a partner domain (its brand is forgotten
// at once here and announced to every server, no TTL waited for) and a sponsor's coupon (a switched-off coupon matches
// nothing); every change is audited; bad input is a 422 naming the field.
import { and, eq } from 'drizzle-orm';
import { getDb, closeDb, type Db } from '@/lib/db/client';
import { auditLog, coupons } from '@/lib/db/schema';
import { listenToCacheBus, type CacheBusMessage } from '@/lib/cache/bus';
import { partnerBrand } from '@/lib/whitelabel/brand';
import { quoteCoupon } from '@/lib/coupons/coupons';
import { makeStaff, unique } from '../factories';
import { sessionCookie } from '../helpers/auth';
import { call } from '../helpers/db';
import { GET as listPartnersRoute, POST as addPartner } from '@/app/api/desk/partners/route';
import { POST as changePartner } from '@/app/api/desk/partners/[id]/route';
import { GET as listCouponsRoute, POST as addCoupon } from '@/app/api/desk/coupons/route';
import { POST as changeCoupon } from '@/app/api/desk/coupons/[code]/route';

let db: Db;
let adminCookie = '';
let adminId = 0;
beforeAll(async () => {
  db = await getDb();
  const admin = await makeStaff(db, ['admin']);
  adminId = admin.id;
  adminCookie = await sessionCookie(db, admin.id);
});
afterAll(closeDb);

const post = (body: unknown) => ({ method: 'POST', headers: { 'content-type': 'application/json', cookie: adminCookie }, body: JSON.stringify(body) });
const linesOf = (kind: string, id: string | number) => db.select().from(auditLog).where(and(eq(auditLog.record_kind, kind), eq(auditLog.record_id, String(id)))).orderBy(auditLog.id);
const until = async (check: () => boolean, ms = 5_000) => {
  for (const end = Date.now() + ms; Date.now() < end; ) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('not heard in time');
};

describe('partner domains', () => {
  it('added, changed and switched off: the brand follows at once, every server is told, each change audited', async () => {
    const host = `${unique('partner')}.example.org`;
    const added = await call(addPartner, 'http://localhost/api/desk/partners', {}, post({ host: host.toUpperCase(), name: 'Helping Hands', theme_color: '#1D4ED8', logo_url: 'https://cdn.example.org/logo.png', analytics_container_id: 'GTM-ABC123' }));
    expect(added.status).toBe(200);
    const id = added.body.data.id;
    expect(added.body.data).toMatchObject({ host, theme_color: '#1d4ed8', is_active: true });
    const now = Date.now();
    expect((await partnerBrand(db, host, now))?.name).toBe('Helping Hands');

    const messages: CacheBusMessage[] = [];
    const stop = await listenToCacheBus((m) => messages.push(m));
    try {
      // the same instant as the cached read: no TTL has passed, the desk's change is read all the same
      const changed = await call(changePartner, `http://localhost/api/desk/partners/${id}`, { id: String(id) }, post({ host, name: 'Helping Hands India', theme_color: '#1d4ed8' }));
      expect(changed.status).toBe(200);
      expect((await partnerBrand(db, host, now))?.name).toBe('Helping Hands India');
      await until(() => messages.some((m) => 'changed' in m && m.changed === 'brands'));
      const off = await call(changePartner, `http://localhost/api/desk/partners/${id}`, { id: String(id) }, post({ host, name: 'Helping Hands India', is_active: false }));
      expect(off.body.data.is_active).toBe(false);
      expect(await partnerBrand(db, host, now)).toBeNull();
    } finally {
      await stop();
    }
    const listed = await call(listPartnersRoute, 'http://localhost/api/desk/partners', {}, { headers: { cookie: adminCookie } });
    expect(listed.body.data.find((p: { id: number }) => p.id === id)).toMatchObject({ name: 'Helping Hands India', is_active: false });
    const lines = await linesOf('partner', id);
    expect(lines.map((l) => [l.action, l.actor_id])).toEqual([
      ['partner.create', adminId],
      ['partner.update', adminId],
      ['partner.update', adminId],
    ]);
    expect(lines[1].before).toMatchObject({ name: 'Helping Hands' });
    expect(lines[1].after).toMatchObject({ name: 'Helping Hands India' });
  });

  it('refuses a colour not #rrggbb, a host with a scheme, a logo not https, and a host another partner has', async () => {
    const host = `${unique('partner')}.example.org`;
    const bad = await call(addPartner, 'http://localhost/api/desk/partners', {}, post({ host: `https://${host}/x`, name: 'X', theme_color: 'teal', logo_url: 'http://cdn.example.org/l.png' }));
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['host', 'logo_url', 'theme_color']);
    expect((await call(addPartner, 'http://localhost/api/desk/partners', {}, post({ host, name: 'First' }))).status).toBe(200);
    const twice = await call(addPartner, 'http://localhost/api/desk/partners', {}, post({ host, name: 'Second' }));
    expect(twice.status).toBe(409);
  });
});

describe("sponsors' coupons", () => {
  it('added with a share and caps, changed, switched off (then it matches nothing), each change audited', async () => {
    const code = unique('sponsor').toUpperCase().replace(/[^A-Z0-9-]/g, '');
    const added = await call(
      addCoupon,
      'http://localhost/api/desk/coupons',
      {},
      post({ code: code.toLowerCase(), sponsor: 'Tata Trusts', currency: 'INR', share_percent: '50', max_match: '500', budget: '10000', max_uses_per_donor: '1', max_uses_per_fundraiser: '3', valid_from: '2026-01-01', valid_until: '2099-12-31' }),
    );
    expect(added.status).toBe(200);
    const [row] = await db.select().from(coupons).where(eq(coupons.code, code));
    expect(row).toMatchObject({ sponsor: 'Tata Trusts', share_percent: 50, max_match_minor: 50_000, budget_minor: 1_000_000, max_uses_per_donor: 1, max_uses_per_fundraiser: 3, amount_minor: null, is_active: true });
    expect((await quoteCoupon(db, code, { currency: 'INR', donatedMinor: 200_000 })).match_minor).toBe(50_000);

    const changed = await call(changeCoupon, `http://localhost/api/desk/coupons/${code}`, { code }, post({ code, sponsor: 'Tata Trusts', currency: 'INR', amount: '250' }));
    expect(changed.body.data).toMatchObject({ amount_minor: 25_000, share_percent: null, max_match_minor: null });
    expect((await quoteCoupon(db, code, { currency: 'INR', donatedMinor: 200_000 })).match_minor).toBe(25_000);

    await call(changeCoupon, `http://localhost/api/desk/coupons/${code}`, { code }, post({ code, sponsor: 'Tata Trusts', currency: 'INR', amount: '250', is_active: false }));
    await expect(quoteCoupon(db, code, { currency: 'INR', donatedMinor: 200_000 })).rejects.toMatchObject({ message: 'This coupon is no longer active' });
    const listed = await call(listCouponsRoute, 'http://localhost/api/desk/coupons', {}, { headers: { cookie: adminCookie } });
    expect(listed.body.data.find((c: { code: string }) => c.code === code).is_active).toBe(false);
    expect((await linesOf('coupon', code)).map((l) => l.action)).toEqual(['coupon.create', 'coupon.update', 'coupon.update']);
  });

  it('refuses both a fixed amount and a share, an end before the start, and a code already used', async () => {
    const code = unique('dup').toUpperCase().replace(/[^A-Z0-9-]/g, '');
    const both = await call(addCoupon, 'http://localhost/api/desk/coupons', {}, post({ code, sponsor: 'S', currency: 'INR', amount: '10', share_percent: '5', valid_from: '2026-05-01', valid_until: '2026-04-01' }));
    expect(both.status).toBe(422);
    expect(Object.keys(both.body.error.fields).sort()).toEqual(['amount', 'valid_until']);
    expect((await call(addCoupon, 'http://localhost/api/desk/coupons', {}, post({ code, sponsor: 'S', currency: 'INR', amount: '10' }))).status).toBe(200);
    expect((await call(addCoupon, 'http://localhost/api/desk/coupons', {}, post({ code, sponsor: 'S', currency: 'INR', amount: '10' }))).status).toBe(409);
    const missing = await call(changeCoupon, 'http://localhost/api/desk/coupons/NO-SUCH', { code: 'NO-SUCH' }, post({ code: 'NO-SUCH', sponsor: 'S', currency: 'INR', amount: '10' }));
    expect(missing.status).toBe(404);
  });
});
