// The cart's captcha response is checked against a local siteverify receiver (hCaptcha/Turnstile protocol).
import http from 'node:http';
import { POST as cartRoute } from '@/app/api/fundraisers/[id]/cart/route';
import { resetEnvForTests } from '@/lib/env';
import { call, closeDb } from '../helpers/db';
import { freshDb, makeFundraiser } from '../factories';

let server: http.Server;
let fundraiserId = 0;
const seen: URLSearchParams[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      seen.push(form);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ success: form.get('secret') === 'captcha-secret' && form.get('response') === 'human-token' }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  process.env.CAPTCHA_SECRET = 'captcha-secret';
  process.env.CAPTCHA_VERIFY_URL = `http://127.0.0.1:${(server.address() as { port: number }).port}/siteverify`;
  resetEnvForTests();
  ({ id: fundraiserId } = await makeFundraiser(await freshDb()));
});
afterAll(async () => {
  delete process.env.CAPTCHA_SECRET;
  delete process.env.CAPTCHA_VERIFY_URL;
  resetEnvForTests();
  server.close();
  await closeDb();
});

const cart = (captcha?: string) =>
  call(cartRoute, '/x', { id: String(fundraiserId) }, { method: 'POST', headers: { 'content-type': 'application/json', 'x-sahyog-client-address': '10.8.0.1' }, body: JSON.stringify({ donated_amount: 100, currency: 'INR', donor_name: 'Asha Rao', donor_email: 'asha@example.com', donor_phone: '9876543210', ...(captcha ? { captcha_response: captcha } : {}) }) });

describe('captcha on carts, when a provider is configured', () => {
  it('refuses a cart without a response or with a failing one, and accepts a passing one', async () => {
    const none = await cart();
    expect(none.status).toBe(422);
    expect(none.body.error.fields.captcha_response).toBe('Please complete the captcha');
    expect((await cart('bot-token')).status).toBe(422);
    expect((await cart('human-token')).status).toBe(201);
    expect(seen.at(-1)?.get('remoteip')).toBe('10.8.0.1');
  });
});
