// Captcha, when a provider is configured: carts, leads, sign-ups and logins carry a passing response, checked against a
// local stand-in speaking hCaptcha's siteverify protocol; the pages are told the site key to render the widget with; a
// secret without a site key refuses to start (no page could show the widget, so every form would be refused).
import { POST as cartRoute } from '@/app/api/fundraisers/[id]/cart/route';
import { env, resetEnvForTests } from '@/lib/env';
import { captchaWidget } from '@/lib/security/captcha';
import { call, closeDb } from '../helpers/db';
import { startCaptchaStandIn, STANDIN_SECRET, STANDIN_SITE_KEY, type CaptchaStandIn } from '../helpers/captcha-standin';
import { freshDb, makeFundraiser } from '../factories';

let standIn: CaptchaStandIn;
let fundraiserId = 0;

const configure = (values: Record<string, string | undefined>) => {
  for (const [k, v] of Object.entries(values)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetEnvForTests();
};

beforeAll(async () => {
  standIn = await startCaptchaStandIn();
  configure({ CAPTCHA_SECRET: STANDIN_SECRET, CAPTCHA_SITE_KEY: STANDIN_SITE_KEY, CAPTCHA_VERIFY_URL: standIn.verifyUrl, CAPTCHA_SCRIPT_URL: standIn.scriptUrl });
  ({ id: fundraiserId } = await makeFundraiser(await freshDb()));
});
afterAll(async () => {
  configure({ CAPTCHA_SECRET: undefined, CAPTCHA_SITE_KEY: undefined, CAPTCHA_VERIFY_URL: undefined, CAPTCHA_SCRIPT_URL: undefined });
  await standIn.close();
  await closeDb();
});

const cart = (captcha?: string) =>
  call(cartRoute, '/x', { id: String(fundraiserId) }, { method: 'POST', headers: { 'content-type': 'application/json', 'x-sahyog-client-address': '10.8.0.1' }, body: JSON.stringify({ donated_amount: 100, currency: 'INR', donor_name: 'Asha Rao', donor_email: 'asha@example.com', donor_phone: '9876543210', ...(captcha ? { captcha_response: captcha } : {}) }) });

describe('captcha on carts, when a provider is configured', () => {
  it('refuses a cart without a response or with a failing one, accepts a passing one once, and sends the client address', async () => {
    const none = await cart();
    expect(none.status).toBe(422);
    expect(none.body.error.fields.captcha_response).toBe('Please complete the captcha');
    expect((await cart('bot-token')).status).toBe(422);
    const token = `pass-${STANDIN_SITE_KEY}-1`;
    expect((await cart(token)).status).toBe(201);
    expect(standIn.seen.at(-1)?.get('remoteip')).toBe('10.8.0.1');
    // a token is good once, as hCaptcha's are
    expect((await cart(token)).status).toBe(422);
  });

  it('tells the pages the site key and the script to render the widget with', () => {
    expect(captchaWidget()).toEqual({ siteKey: STANDIN_SITE_KEY, scriptSource: standIn.scriptUrl });
  });
});

describe('configuration', () => {
  afterEach(() => configure({ CAPTCHA_SECRET: STANDIN_SECRET, CAPTCHA_SITE_KEY: STANDIN_SITE_KEY }));

  it('refuses a secret without a site key: every form would answer 422', () => {
    configure({ CAPTCHA_SITE_KEY: undefined });
    expect(() => env()).toThrow(/CAPTCHA_SECRET needs CAPTCHA_SITE_KEY/);
  });

  it('renders no widget when captcha is off', () => {
    configure({ CAPTCHA_SECRET: undefined, CAPTCHA_SITE_KEY: undefined });
    expect(captchaWidget()).toBeNull();
  });
});
