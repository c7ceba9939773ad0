// The desk's orders and its audit log: a gift found by order id, gateway payment id, email and phone; the order page's
// facts; the receipt sent again and the donor's details corrected, each with its audit line written in the same
// transaction; staff roles granted and taken away by an admin (audited, the last admin kept); the log append-only.
import { createElement, type ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { createTranslator } from 'next-intl';
import { and, eq, sql } from 'drizzle-orm';
import en from '@/messages/en.json';
import { getDb, closeDb, type Db } from '@/lib/db/client';
import { auditLog, carts, memberships, outbox } from '@/lib/db/schema';
import { staffRolesOf } from '@/lib/permissions/staff';
import { makeFundraiser, makeGift, makeStaff, makeUser, unique } from '../factories';
import { sessionCookie } from '../helpers/auth';
import { call } from '../helpers/db';
import { GET as searchOrders } from '@/app/api/desk/orders/route';
import { GET as orderFacts } from '@/app/api/desk/orders/[orderId]/route';
import { POST as resendReceiptRoute } from '@/app/api/desk/orders/[orderId]/receipt/route';
import { POST as correctDonorRoute } from '@/app/api/desk/orders/[orderId]/donor/route';
import { GET as staffList, POST as grantRoute } from '@/app/api/desk/staff/route';
import { POST as revokeRoute } from '@/app/api/desk/staff/revoke/route';
import { GET as auditRoute } from '@/app/api/desk/audit/route';

let cookie = '';
class NotFound extends Error {}
jest.mock('next/headers', () => ({ headers: async () => new Headers(cookie ? { cookie } : {}) }));
jest.mock('next/navigation', () => ({
  notFound: () => {
    throw new NotFound('not found');
  },
  useRouter: () => ({ refresh: () => {} }),
}));
jest.mock('next-intl/server', () => ({
  setRequestLocale: () => {},
  getMessages: async () => en,
  getLocale: async () => 'en',
  getTranslations: async (arg: string | { namespace: string }) => createTranslator({ locale: 'en', messages: en, namespace: (typeof arg === 'string' ? arg : arg.namespace) as never }),
}));
jest.mock('@/i18n/navigation', () => ({ Link: ({ href, children, ...rest }: { href: string; children: ReactNode }) => createElement('a', { href, ...rest }, children) }));

let db: Db;
beforeAll(async () => {
  db = await getDb();
});
afterAll(closeDb);

const json = (staffCookie: string, body?: unknown, method = 'POST') => ({
  method,
  headers: { 'content-type': 'application/json', cookie: staffCookie, 'user-agent': 'DeskTest/1.0', 'x-sahyog-client-address': '203.0.113.7' },
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
});
const auditOf = (recordKind: string, recordId: string | number) =>
  db.select().from(auditLog).where(and(eq(auditLog.record_kind, recordKind), eq(auditLog.record_id, String(recordId)))).orderBy(auditLog.id);

async function giftByPhone() {
  const f = await makeFundraiser(db);
  const email = `${unique('desk.donor')}@example.com`;
  const phone = `9${String(Date.now()).slice(-9)}`;
  const { order, cart } = await makeGift(db, f.id, { cart: { donor_email: email, donor_name: 'Asha Verma', donor_phone: phone, donor_extension: '+91' } });
  return { f, order, cart, email, phone };
}

describe('finding a gift', () => {
  it('by order id, gateway payment id, email (any case), 10-digit phone and E.164 phone', async () => {
    const support = await makeStaff(db, ['support']);
    const staffCookie = await sessionCookie(db, support.id);
    const { order, email, phone } = await giftByPhone();
    for (const q of [order.order_id, order.gateway_payment_id!, email.toUpperCase(), phone, `+91 ${phone}`]) {
      const answer = await call(searchOrders, `http://localhost/api/desk/orders?${new URLSearchParams({ q })}`, {}, { headers: { cookie: staffCookie } });
      expect([q, answer.status, answer.body.data.map((h: { orderId: string }) => h.orderId)]).toEqual([q, 200, [order.order_id]]);
    }
    const none = await call(searchOrders, `http://localhost/api/desk/orders?q=${encodeURIComponent('nobody@example.com')}`, {}, { headers: { cookie: staffCookie } });
    expect(none.body.data).toEqual([]);
  });

  it("by an account's phone (users.phone_e164) for a gift given signed in", async () => {
    const support = await makeStaff(db, ['support']);
    const phone = `8${String(Date.now()).slice(-9)}`;
    const donor = await makeUser(db, { full_name: 'Phone Account', phone_1: phone, extension: '+91' });
    const f = await makeFundraiser(db);
    const { order } = await makeGift(db, f.id, { userId: donor.id, cart: { donor_email: donor.email, donor_phone: '7000000001' } });
    const answer = await call(searchOrders, `http://localhost/api/desk/orders?q=%2B91${phone}`, {}, { headers: { cookie: await sessionCookie(db, support.id) } });
    expect(answer.body.data.map((h: { orderId: string }) => h.orderId)).toContain(order.order_id);
  });
});

describe('the order page', () => {
  it("shows the payment, the donor, the ledger, the gateway's events, the receipt link and the receipt email", async () => {
    const support = await makeStaff(db, ['support']);
    const { order, email } = await giftByPhone();
    const facts = await call(orderFacts, `http://localhost/api/desk/orders/${order.order_id}`, { orderId: order.order_id }, { headers: { cookie: await sessionCookie(db, support.id) } });
    expect(facts.status).toBe(200);
    const d = facts.body.data;
    expect(d.cart.donor_email).toBe(email);
    expect(d.ledger.map((l: { group_id: string; kind: string; amount_minor: number }) => [l.group_id, l.kind, l.amount_minor])).toEqual([[order.order_id, 'donation', order.donated_amount_minor]]);
    expect(d.events.map((e: { type: string }) => e.type)).toEqual(['payment.success']);
    expect(d.emails.map((m: { recipient: string }) => m.recipient)).toEqual([email]);
    expect(d.receiptLink).toContain(`/portfolio/receipts/${order.order_id}?`);

    cookie = await sessionCookie(db, support.id);
    const Page = (await import('@/app/[site]/[locale]/(main)/desk/orders/[orderId]/page')).default;
    const html = await new Response((await prerender(await Page({ params: Promise.resolve({ site: 'localhost', locale: 'en', orderId: order.order_id }) }))).prelude).text();
    expect(html).toContain(order.order_id);
    expect(html).toContain('Asha Verma');
    expect(html.split('data-testid="desk-ledger-line"').length - 1).toBe(1);
    expect(html).toContain('Send the receipt again');
  });
});

describe('staff actions write their audit line in the same transaction', () => {
  it('resending a receipt queues it again and records who did it, from where', async () => {
    const support = await makeStaff(db, ['support']);
    const { order, email } = await giftByPhone();
    const before = await db.select().from(outbox).where(eq(outbox.recipient, email));
    const answer = await call(resendReceiptRoute, `http://localhost/api/desk/orders/${order.order_id}/receipt`, { orderId: order.order_id }, json(await sessionCookie(db, support.id), {}));
    expect(answer.status).toBe(200);
    const after = await db.select().from(outbox).where(eq(outbox.recipient, email));
    expect(after).toHaveLength(before.length + 1);
    expect(after.at(-1)!.subject).toContain(order.order_id);
    const [line] = await auditOf('order', order.order_id);
    expect(line).toMatchObject({ actor_id: support.id, actor_roles: 'support', action: 'receipt.resend', ip: '203.0.113.7', user_agent: 'DeskTest/1.0' });
    expect(line.after).toMatchObject({ to: email, outbox_id: after.at(-1)!.id });
  });

  it("correcting the donor's details sets who corrected them and when, with before and after", async () => {
    const support = await makeStaff(db, ['support']);
    const { order, cart, email } = await giftByPhone();
    const answer = await call(
      correctDonorRoute,
      `http://localhost/api/desk/orders/${order.order_id}/donor`,
      { orderId: order.order_id },
      json(await sessionCookie(db, support.id), { donor_name: 'Asha R. Verma', donor_email: email, donor_pan: 'abcde1234f', donor_address: '12 MG Road, Pune 411001' }),
    );
    expect(answer.status).toBe(200);
    const [row] = await db.select().from(carts).where(eq(carts.id, cart.id));
    expect(row).toMatchObject({ donor_name: 'Asha R. Verma', donor_pan: 'ABCDE1234F', donor_address: '12 MG Road, Pune 411001', details_corrected_by: support.id });
    expect(row.details_corrected_at).toBeInstanceOf(Date);
    const [line] = await auditOf('order', order.order_id);
    expect(line).toMatchObject({ action: 'donor.correct', actor_id: support.id });
    expect(line.before).toMatchObject({ donor_name: 'Asha Verma', donor_pan: null });
    expect(line.after).toMatchObject({ donor_name: 'Asha R. Verma', donor_pan: 'ABCDE1234F' });
  });

  it('a bad PAN is refused with the field named and changes nothing, nor writes a line', async () => {
    const support = await makeStaff(db, ['support']);
    const { order, cart } = await giftByPhone();
    const answer = await call(correctDonorRoute, `http://localhost/api/desk/orders/${order.order_id}/donor`, { orderId: order.order_id }, json(await sessionCookie(db, support.id), { donor_name: 'X', donor_email: 'x@example.com', donor_pan: '123' }));
    expect(answer.status).toBe(422);
    expect(answer.body.error.fields.donor_pan).toBeTruthy();
    expect((await db.select().from(carts).where(eq(carts.id, cart.id)))[0].details_corrected_at).toBeNull();
    expect(await auditOf('order', order.order_id)).toEqual([]);
  });

  it('an admin grants and revokes roles, audited; the last admin cannot be revoked', async () => {
    const admin = await makeStaff(db, ['admin']);
    const adminCookie = await sessionCookie(db, admin.id);
    const person = await makeUser(db, 'New Finance');
    const granted = await call(grantRoute, 'http://localhost/api/desk/staff', {}, json(adminCookie, { email: person.email, role: 'finance' }));
    expect(granted.status).toBe(200);
    expect(await staffRolesOf(db, person.id)).toEqual(['finance']);
    const listed = await call(staffList, 'http://localhost/api/desk/staff', {}, { headers: { cookie: adminCookie } });
    expect(listed.body.data.find((s: { id: number }) => s.id === person.id).roles).toEqual(['finance']);
    const revoked = await call(revokeRoute, 'http://localhost/api/desk/staff/revoke', {}, json(adminCookie, { user_id: person.id, role: 'finance' }));
    expect(revoked.status).toBe(200);
    expect(await staffRolesOf(db, person.id)).toEqual([]);
    expect((await auditOf('user', person.id)).map((l) => [l.action, l.actor_id])).toEqual([
      ['staff.grant', admin.id],
      ['staff.revoke', admin.id],
    ]);
    const unknown = await call(grantRoute, 'http://localhost/api/desk/staff', {}, json(adminCookie, { email: 'nobody-here@example.com', role: 'support' }));
    expect(unknown.status).toBe(422);

    // only one admin left (this file's others removed first): refusing keeps the desk manageable
    const others = await db.select({ user_id: memberships.user_id }).from(memberships).where(and(eq(memberships.scope, 'platform'), eq(memberships.role, 'admin')));
    await db.delete(memberships).where(and(eq(memberships.role, 'admin'), sql`${memberships.user_id} <> ${admin.id}`));
    const last = await call(revokeRoute, 'http://localhost/api/desk/staff/revoke', {}, json(adminCookie, { user_id: admin.id, role: 'admin' }));
    expect(last.status).toBe(409);
    expect(await staffRolesOf(db, admin.id)).toEqual(['admin']);
    for (const o of others.filter((o) => o.user_id !== admin.id)) await db.insert(memberships).values({ user_id: o.user_id, scope: 'platform', role: 'admin' }).onConflictDoNothing();
  });
});

describe('the audit log', () => {
  it('lists newest first, by record and by actor, a page at a time; admins only', async () => {
    const admin = await makeStaff(db, ['admin']);
    const adminCookie = await sessionCookie(db, admin.id);
    const support = await makeStaff(db, ['support']);
    const { order } = await giftByPhone();
    await call(resendReceiptRoute, `http://localhost/api/desk/orders/${order.order_id}/receipt`, { orderId: order.order_id }, json(await sessionCookie(db, support.id), {}));
    await call(resendReceiptRoute, `http://localhost/api/desk/orders/${order.order_id}/receipt`, { orderId: order.order_id }, json(adminCookie, {}));
    const byRecord = await call(auditRoute, `http://localhost/api/desk/audit?kind=order&record=${order.order_id}`, {}, { headers: { cookie: adminCookie } });
    expect(byRecord.body.data.lines.map((l: { actor: { id: number } }) => l.actor.id)).toEqual([admin.id, support.id]);
    const byActor = await call(auditRoute, `http://localhost/api/desk/audit?actor=${support.id}`, {}, { headers: { cookie: adminCookie } });
    expect(byActor.body.data.lines.map((l: { recordId: string }) => l.recordId)).toEqual([order.order_id]);
    expect(byActor.body.data).toMatchObject({ total: 1, page: 1, pages: 1 });
  });

  it('the database refuses to change or delete a line', async () => {
    const admin = await makeStaff(db, ['admin']);
    const { order } = await giftByPhone();
    await call(resendReceiptRoute, `http://localhost/api/desk/orders/${order.order_id}/receipt`, { orderId: order.order_id }, json(await sessionCookie(db, admin.id), {}));
    const [line] = await auditOf('order', order.order_id);
    await expect(db.update(auditLog).set({ action: 'nothing' }).where(eq(auditLog.id, line.id))).rejects.toThrow();
    await expect(db.delete(auditLog).where(eq(auditLog.id, line.id))).rejects.toThrow();
    expect((await auditOf('order', order.order_id))[0]).toMatchObject({ id: line.id, action: 'receipt.resend' });
  });
});
