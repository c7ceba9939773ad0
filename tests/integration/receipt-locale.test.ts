// The receipt is written by the notifications module in the language the donor gave in.
import { eq } from 'drizzle-orm';
import { POST as cartRoute } from '@/app/api/fundraisers/[id]/cart/route';
import { POST as orderRoute } from '@/app/api/fundraisers/[id]/order/route';
import { POST as webhookRoute } from '@/app/api/webhooks/[gateway]/route';
import { carts, orders, outbox } from '@/lib/db/schema';
import { getDb, type Db } from '@/lib/db/client';
import { SandboxGateway, SANDBOX_SIGNATURE_HEADER } from '@/lib/payments/sandbox';
import { sandboxSecret } from '@/lib/payments/registry';
import { call, closeDb } from '../helpers/db';
import { freshDb, makeFundraiser } from '../factories';
import { cookiesFrom } from '../helpers/auth';

const run = Date.now().toString(36);
let db: Db;
let seq = 0;
const post = (body: unknown, headers: Record<string, string> = {}) => ({ method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', 'x-sahyog-client-address': `10.9.0.${++seq}`, ...headers } });

beforeAll(async () => {
  db = await freshDb();
});
afterAll(closeDb);

async function paidReceipt(locale: unknown) {
  const f = await makeFundraiser(db);
  const email = `receipt.${run}.${++seq}@example.com`;
  const cart = await call(cartRoute, '/x', { id: String(f.id) }, post({ donated_amount: 500, currency: 'INR', donor_name: 'Asha Rao', donor_email: email, donor_phone: '9876543210', locale }));
  expect(cart.status).toBe(201);
  const order = await call(orderRoute, '/x', { id: String(f.id) }, post({ cart_id: cart.body.data.id, mode: 'CARD' }, { cookie: cookiesFrom(cart.headers) }));
  const [row] = await db.select().from(carts).where(eq(carts.id, cart.body.data.id));
  const [{ gatewayOrderId }] = await db.select({ gatewayOrderId: orders.gateway_order_id }).from(orders).where(eq(orders.order_id, order.body.data.order_id));
  const outcome = await new SandboxGateway(getDb, sandboxSecret(), 'http://localhost').complete(gatewayOrderId!, 'success');
  const hook = await call(webhookRoute, '/x', { gateway: 'sandbox' }, { method: 'POST', body: outcome.webhookBody, headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: outcome.webhookSignature } });
  expect(hook.body.data.result).toBe('settled');
  const [mail] = await db.select().from(outbox).where(eq(outbox.recipient, email));
  return { cartLocale: row.locale, mail, orderId: order.body.data.order_id as string, title: f.title };
}

it('a donor who gave on the Hindi page gets the receipt in Hindi', async () => {
  const { cartLocale, mail, orderId, title } = await paidReceipt('hi');
  expect(cartLocale).toBe('hi');
  expect(mail.subject).toBe(`रसीद ${orderId}: ${title} का साथ देने के लिए धन्यवाद`);
  expect(mail.body).toContain('प्रिय Asha Rao,');
  expect(mail.body).toContain('₹500');
});

it('an Arabic receipt, and a language we do not have falls back to English without refusing the gift', async () => {
  // Latin words keep their direction inside Arabic (first-strong isolates), numbers read left to right
  const ar = await paidReceipt('ar');
  expect(ar.mail.body).toContain('عزيزي \u2068Asha Rao\u2069،');
  expect(ar.mail.body).toContain(`"\u2068${ar.title}\u2069"`);
  expect(ar.mail.subject).toContain(`\u2066${ar.orderId}\u2069`);
  const { cartLocale, mail, orderId } = await paidReceipt('xx');
  expect(cartLocale).toBe('en');
  expect(mail.subject).toMatch(new RegExp(`^Receipt ${orderId}: thank you for supporting `));
});
