// The desk is unknown to everyone but its staff: every desk API and page answers 404 to a signed-out visitor and to a
// signed-in person without a staff role, and each staff role reaches exactly what its capabilities allow.
import fs from 'node:fs';
import path from 'node:path';
import { createElement, type ReactNode } from 'react';
import { createTranslator } from 'next-intl';
import en from '@/messages/en.json';
import { getDb, closeDb, type Db } from '@/lib/db/client';
import { ROLE_CAPABILITIES, type DeskCapability, type StaffRole } from '@/lib/constants/desk';
import { makeStaff, makeUser } from '../factories';
import { sessionCookie } from '../helpers/auth';
import { call } from '../helpers/db';

let cookie = '';
class NotFound extends Error {}
jest.mock('next/headers', () => ({ headers: async () => new Headers(cookie ? { cookie } : {}) }));
jest.mock('next/navigation', () => ({
  notFound: () => {
    throw new NotFound('not found');
  },
  redirect: (url: string) => {
    throw new Error(`redirect ${url}`);
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

/** Every desk API: its file under app/api/desk, its method and the capability it needs. A new route must be added here. */
const API: { file: string; method: 'GET' | 'POST'; url: string; params?: Record<string, string>; body?: unknown; needs: DeskCapability }[] = [
  { file: 'orders/route.ts', method: 'GET', url: '/api/desk/orders?q=a@b.c', needs: 'orders.search' },
  { file: 'orders/[orderId]/route.ts', method: 'GET', url: '/api/desk/orders/NOPE', params: { orderId: 'NOPE' }, needs: 'orders.view' },
  { file: 'orders/[orderId]/receipt/route.ts', method: 'POST', url: '/api/desk/orders/NOPE/receipt', params: { orderId: 'NOPE' }, body: {}, needs: 'receipt.resend' },
  { file: 'orders/[orderId]/donor/route.ts', method: 'POST', url: '/api/desk/orders/NOPE/donor', params: { orderId: 'NOPE' }, body: { donor_name: 'A', donor_email: 'a@example.com' }, needs: 'donor.correct' },
  { file: 'orders/[orderId]/refunds/route.ts', method: 'POST', url: '/api/desk/orders/NOPE/refunds', params: { orderId: 'NOPE' }, body: { amount: 1, reason: 'donor asked' }, needs: 'refund.request' },
  { file: 'refunds/[refundId]/route.ts', method: 'POST', url: '/api/desk/refunds/NOPE', params: { refundId: 'NOPE' }, body: { decision: 'release' }, needs: 'refund.release' },
  { file: 'staff/route.ts', method: 'GET', url: '/api/desk/staff', needs: 'staff.manage' },
  { file: 'staff/route.ts', method: 'POST', url: '/api/desk/staff', body: { email: 'nobody@example.com', role: 'support' }, needs: 'staff.manage' },
  { file: 'staff/revoke/route.ts', method: 'POST', url: '/api/desk/staff/revoke', body: { user_id: 999999, role: 'support' }, needs: 'staff.manage' },
  { file: 'audit/route.ts', method: 'GET', url: '/api/desk/audit', needs: 'audit.read' },
  { file: 'partners/route.ts', method: 'GET', url: '/api/desk/partners', needs: 'partners.manage' },
  { file: 'partners/route.ts', method: 'POST', url: '/api/desk/partners', body: { host: 'x.example.org', name: 'X' }, needs: 'partners.manage' },
  { file: 'partners/[id]/route.ts', method: 'POST', url: '/api/desk/partners/999999', params: { id: '999999' }, body: { host: 'x.example.org', name: 'X' }, needs: 'partners.manage' },
  { file: 'coupons/route.ts', method: 'GET', url: '/api/desk/coupons', needs: 'coupons.manage' },
  { file: 'coupons/route.ts', method: 'POST', url: '/api/desk/coupons', body: { code: 'X', sponsor: 'S', currency: 'INR', amount: 10 }, needs: 'coupons.manage' },
  { file: 'coupons/[code]/route.ts', method: 'POST', url: '/api/desk/coupons/NOPE', params: { code: 'NOPE' }, body: { code: 'NOPE', sponsor: 'S', currency: 'INR', amount: 10 }, needs: 'coupons.manage' },
  { file: 'finance-export/route.ts', method: 'GET', url: '/api/desk/finance-export?from=2026-01-01&to=2026-01-02', needs: 'finance.export' },
];

/** Every desk page: its folder under the desk, and the capability it needs. */
const PAGES: { dir: string; params?: Record<string, string>; needs: DeskCapability }[] = [
  { dir: '', needs: 'orders.search' },
  { dir: 'orders/[orderId]', params: { orderId: 'NOPE' }, needs: 'orders.view' },
  { dir: 'refunds', needs: 'refund.release' },
  { dir: 'staff', needs: 'staff.manage' },
  { dir: 'audit', needs: 'audit.read' },
  { dir: 'partners', needs: 'partners.manage' },
  { dir: 'coupons', needs: 'coupons.manage' },
  { dir: 'export', needs: 'finance.export' },
];

const API_DIR = path.join(process.cwd(), 'app/api/desk');
const PAGE_DIR = path.join(process.cwd(), 'app/[site]/[locale]/(main)/desk');
const walk = (dir: string, name: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name), name) : e.name === name ? [path.join(dir, e.name)] : []));

let db: Db;
beforeAll(async () => {
  db = await getDb();
});
afterAll(closeDb);
beforeEach(() => {
  cookie = '';
});

async function callApi(entry: (typeof API)[number], asCookie: string) {
  const mod = await import(`@/app/api/desk/${entry.file.replace(/\.ts$/, '')}`);
  const headers: Record<string, string> = { 'content-type': 'application/json', ...(asCookie ? { cookie: asCookie } : {}) };
  return call(mod[entry.method], `http://localhost${entry.url}`, entry.params ?? {}, { method: entry.method, headers, ...(entry.body ? { body: JSON.stringify(entry.body) } : {}) });
}

async function renderPage(entry: (typeof PAGES)[number], asCookie: string): Promise<'notFound' | 'rendered'> {
  cookie = asCookie;
  const mod = await import(`@/app/[site]/[locale]/(main)/desk/${entry.dir ? `${entry.dir}/` : ''}page`);
  try {
    await mod.default({ params: Promise.resolve({ site: 'localhost', locale: 'en', ...entry.params }), searchParams: Promise.resolve({}) });
    return 'rendered';
  } catch (e) {
    if (e instanceof NotFound) return 'notFound';
    throw e;
  }
}

describe('the tables name every desk route and page', () => {
  it('lists every API file and every page under the desk', () => {
    expect([...new Set(API.map((a) => a.file))].sort()).toEqual(walk(API_DIR, 'route.ts').map((f) => path.relative(API_DIR, f)).sort());
    expect(PAGES.map((p) => p.dir).sort()).toEqual(walk(PAGE_DIR, 'page.tsx').map((f) => path.relative(PAGE_DIR, path.dirname(f))).sort());
  });
});

describe.each(API)('$method $url', (entry) => {
  it('answers 404 to a signed-out visitor and to a signed-in person who is not staff', async () => {
    expect((await callApi(entry, '')).status).toBe(404);
    const stranger = await makeUser(db, 'Not Staff');
    expect((await callApi(entry, await sessionCookie(db, stranger.id))).status).toBe(404);
  });

  it.each(['support', 'finance', 'admin'] as StaffRole[])('as %s: 404 exactly when the role lacks the capability', async (role) => {
    const staff = await makeStaff(db, [role]);
    const answer = await callApi(entry, await sessionCookie(db, staff.id));
    if (ROLE_CAPABILITIES[role].includes(entry.needs)) {
      // past the door: the answer is about the request (found, or the named record does not exist), never the door's 404 body
      expect(answer.body?.error?.message === 'Not found' && answer.status === 404).toBe(false);
    } else {
      expect(answer.status).toBe(404);
      expect(answer.body.error.message).toBe('Not found');
    }
  });
});

describe.each(PAGES)('the desk page /desk/$dir', (entry) => {
  it('is not found for a signed-out visitor and a signed-in person who is not staff', async () => {
    expect(await renderPage(entry, '')).toBe('notFound');
    const stranger = await makeUser(db, 'Not Staff Page');
    expect(await renderPage(entry, await sessionCookie(db, stranger.id))).toBe('notFound');
  });

  it.each(['support', 'finance', 'admin'] as StaffRole[])('as %s: shown exactly when the role allows it', async (role) => {
    const staff = await makeStaff(db, [role]);
    const expected = ROLE_CAPABILITIES[role].includes(entry.needs) && !entry.params ? 'rendered' : 'notFound';
    expect(await renderPage(entry, await sessionCookie(db, staff.id))).toBe(expected);
  });
});
