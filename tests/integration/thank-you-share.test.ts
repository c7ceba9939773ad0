// spec 7 "POST short URL ... for sharing the thank-you page": the thank-you page shares short links.
import { isValidElement, type ReactElement, type ReactNode } from 'react';
import { createTranslator } from 'next-intl';
import en from '@/messages/en.json';
import { POST as shorten } from '@/app/api/short-url/route';
import { GET as follow } from '@/app/s/[code]/route';
import { call, closeDb } from '../helpers/db';
import { freshDb, makeFundraiser, makeGift, makeUser } from '../factories';
import { grantCheckoutAccessCookie } from '@/lib/payments/checkout-access';

// the donor's browser: the checkout access of the order's cart (the gift is shown to its donor only)
let cookie = '';
jest.mock('next/headers', () => ({ headers: async () => new Headers(cookie ? { cookie } : {}) }));
jest.mock('next-intl/server', () => ({
  getTranslations: async (namespace: string) => createTranslator({ locale: 'en', messages: en, namespace: namespace as never }),
  setRequestLocale: () => {},
}));
jest.mock('next/navigation', () => ({
  notFound: () => {
    throw new Error('NEXT_NOT_FOUND');
  },
}));
jest.mock('@/i18n/navigation', () => ({ Link: ({ children }: { children: ReactNode }) => children }));

/* eslint-disable @typescript-eslint/no-require-imports -- after the mocks above */
const { default: ThankYouPage } = require('@/app/[site]/[locale]/(main)/new/thankyou/[ct]/page') as typeof import('@/app/[site]/[locale]/(main)/new/thankyou/[ct]/page');
const { ShareMenu } = require('@/components/story/ShareMenu') as typeof import('@/components/story/ShareMenu');
const { CopyLinkButton } = require('@/components/story/CopyLinkButton') as typeof import('@/components/story/CopyLinkButton');
/* eslint-enable @typescript-eslint/no-require-imports */

afterAll(closeDb);
/** Renders the page as the browser that made this cart. */
const asDonorOf = async (cartId: number) => {
  cookie = (await grantCheckoutAccessCookie(new Request('http://localhost/'), cartId, false)).split(';')[0];
};

/** Every element of a rendered tree (server components are not expanded). */
function elements(node: ReactNode): ReactElement<Record<string, unknown>>[] {
  if (Array.isArray(node)) return node.flatMap(elements);
  if (!isValidElement<Record<string, unknown>>(node)) return [];
  return [node, ...elements(node.props.children as ReactNode)];
}

it('the thank-you share menu links are the short links POST short-url answers, and they lead to the story', async () => {
  const db = await freshDb();
  const f = await makeFundraiser(db);
  const { cart, order } = await makeGift(db, f.id);
  const row = { oi: order.order_id, id: f.id, tag: f.custom_tag, cartId: cart.id };
  await asDonorOf(row.cartId);
  const page = await ThankYouPage({ params: Promise.resolve({ site: 'localhost', locale: 'en', ct: encodeURIComponent(row.tag) }), searchParams: Promise.resolve({ oi: row.oi }) });
  const menu = elements(page).find((e) => e.type === ShareMenu);
  expect(menu).toBeDefined();
  const rendered = elements(await ShareMenu(menu!.props as unknown as Parameters<typeof ShareMenu>[0]));
  // the share links are ShareLink elements (they count the click) carrying their test id as a prop
  const href = (testId: string) => rendered.find((e) => e.props['data-testid'] === testId || e.props.testId === testId)?.props.href as string;
  const copied = rendered.find((e) => e.type === CopyLinkButton)?.props.url as string;

  const shortUrl = async (channel: string) =>
    (await call(shorten, '/api/short-url', {}, { method: 'POST', headers: { 'content-type': 'application/json', host: 'localhost' }, body: JSON.stringify({ fundraiser_id: row.id, channel }) })).body.data.short_url as string;
  expect(copied).toBe(await shortUrl('copy'));
  expect(copied).toBe(`http://localhost/s/${row.id.toString(36)}c`);
  expect(decodeURIComponent(new URL(href('share-whatsapp')).searchParams.get('text')!).endsWith(`\n${await shortUrl('whatsapp')}`)).toBe(true);
  expect(new URL(href('share-facebook')).searchParams.get('u')).toBe(await shortUrl('facebook'));
  // no full story URL left in the thank-you share links
  for (const link of [copied, href('share-whatsapp'), href('share-facebook')]) expect(decodeURIComponent(link)).not.toContain('/stories/');

  const code = copied.split('/').pop()!;
  const res = await call(follow, `/s/${code}`, { code }, { headers: { host: 'localhost' } });
  expect(res.status).toBe(308);
  expect(res.headers.get('location')).toContain(`/stories/${encodeURIComponent(row.tag)}?utm_source=copy`);
});

it('the thank-you page says where the receipt went (masked), links a signed-up donor to the printable receipt, and offers no SIP yet', async () => {
  const db = await freshDb();
  const f = await makeFundraiser(db);
  // a signed-up donor's gift, so the link to the printable receipt is there to check
  const donor = await makeUser(db, 'Thankful Donor');
  const { cart, order } = await makeGift(db, f.id, { userId: donor.id, cart: { donor_email: donor.email } });
  const row = { oi: order.order_id, tag: f.custom_tag, email: cart.donor_email, userId: order.user_id, cartId: cart.id };
  await asDonorOf(row.cartId);
  const page = await ThankYouPage({ params: Promise.resolve({ site: 'localhost', locale: 'en', ct: encodeURIComponent(row.tag) }), searchParams: Promise.resolve({ oi: row.oi }) });
  const all = elements(page);
  const text = (e: ReactElement<Record<string, unknown>>) => [e.props.children].flat().join('');
  const sent = all.find((e) => e.props['data-testid'] === 'receipt-sent')!;
  const [local, domain] = row.email.split('@');
  expect(text(sent)).toBe(`We have sent the receipt to ${local.slice(0, 2)}***@${domain}.`);
  expect(JSON.stringify(all.map((e) => e.props.children ?? null).filter((c) => typeof c === 'string'))).not.toContain(row.email);
  expect(all.some((e) => e.props.href === `/portfolio/receipts/${row.oi}`)).toBe(row.userId !== null);
  expect(all.some((e) => e.props.id === 'sip-heading')).toBe(false);
});
