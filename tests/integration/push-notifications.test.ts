// Spec 7 push notifications ("profile push"): a browser's Web Push subscription is stored by its endpoint
// (upserted, linked to the signed-in account), with the profile's phone fields under spec 5's Indian mobile rule; the
// browser can unsubscribe and fetch our VAPID key. The sender is tested against a real local HTTP server standing in
// for a push service: a VAPID-signed, aes128gcm-encrypted request the subscriber's keys decrypt, and a 410 marks the
// subscription gone for good. Test files share one PostgreSQL database: every value here is this run's own.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createDecipheriv, createECDH, createHmac, randomBytes, type ECDH } from 'node:crypto';
import webpush from 'web-push';
import { importJWK, jwtVerify } from 'jose';
import { eq } from 'drizzle-orm';
import { DELETE as unsubscribeRoute, POST as subscribeRoute } from '@/app/api/push-notifications/route';
import { GET as keyRoute } from '@/app/api/push-notifications/key/route';
import { pushSubscriptions, users } from '@/lib/db/schema';
import { resetEnvForTests } from '@/lib/env';
import { notifyUserByPush, sendPush, vapidConfig } from '@/lib/notifications/push';
import { PUSH_SIGN_IN_FOR_PROFILE } from '@/lib/notifications/push-subscriptions';
import { PUSH_MESSAGES } from '@/lib/validation/account-utilities';
import { PUSH_TTL_S } from '@/lib/constants/notifications';
import { PUSH_SUBSCRIBE_LIMIT_PER_IP } from '@/lib/constants/security/limits';
import { CLIENT_ADDRESS_HEADER } from '@/lib/constants/server';
import { freshDb, makeUser } from '../factories';
import { signedInPerson } from '../helpers/auth';
import { call, closeDb } from '../helpers/db';
import type { Db } from '@/lib/db/client';

let db: Db;
const RUN = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
let seq = 0;
const address = () => `push-test-${RUN}-${++seq}`;

beforeAll(async () => {
  db = await freshDb();
});
afterAll(closeDb);

/** What a browser's PushManager gives: a P-256 key pair and a 16-byte auth secret, and the push service's endpoint. */
function browserSubscription(endpoint = `https://fcm.googleapis.com/fcm/send/${RUN}-${++seq}`) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return { ecdh, auth, json: { endpoint, expirationTime: null, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } } };
}

const send = (handler: typeof subscribeRoute, method: string, body: unknown, headers: Record<string, string> = {}) =>
  call(handler, '/api/push-notifications', {}, { method, body: JSON.stringify(body), headers: { 'content-type': 'application/json', 'user-agent': 'TestBrowser/1.0', [CLIENT_ADDRESS_HEADER]: address(), ...headers } });
const subscribe = (body: unknown, headers?: Record<string, string>) => send(subscribeRoute, 'POST', body, headers);
const unsubscribe = (body: unknown, headers?: Record<string, string>) => send(unsubscribeRoute, 'DELETE', body, headers);
const stored = async (endpoint: string) => (await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint)))[0];

describe('POST /api/push-notifications (spec 7 profile push)', () => {
  it("stores the signed-in browser's subscription with its keys, and the phone pushed with it on the profile", async () => {
    const person = await signedInPerson(db, 'Push Person');
    const sub = browserSubscription();
    const res = await subscribe({ ...sub.json, phone_1: '+91 98765 43210', extension: '+91' }, { cookie: person.cookie });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ data: { created: true, endpoint: sub.json.endpoint, linked: true, profile: { phone_1: '9876543210', extension: '+91' } } });
    expect(await stored(sub.json.endpoint)).toMatchObject({ user_id: person.id, p256dh: sub.json.keys.p256dh, auth: sub.json.keys.auth, user_agent: 'TestBrowser/1.0', gone_at: null });
    const [u] = await db.select().from(users).where(eq(users.id, person.id));
    expect(u).toMatchObject({ phone_1: '9876543210', extension: '+91' });
  });

  it('upserts by endpoint: the same endpoint again refreshes the keys, owner and a gone mark (200), never a second row', async () => {
    const first = await signedInPerson(db, 'First Owner');
    const sub = browserSubscription();
    expect((await subscribe(sub.json, first.auth)).status).toBe(201);
    await db.update(pushSubscriptions).set({ gone_at: new Date() }).where(eq(pushSubscriptions.endpoint, sub.json.endpoint));
    const second = await signedInPerson(db, 'Second Owner');
    const renewed = browserSubscription(sub.json.endpoint);
    const res = await subscribe(renewed.json, second.auth);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ created: false, linked: true, profile: null });
    const rows = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, sub.json.endpoint));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ user_id: second.id, p256dh: renewed.json.keys.p256dh, auth: renewed.json.keys.auth, gone_at: null });
    // a signed-out browser re-subscribing is nobody's any more (its account signed out of it)
    expect((await subscribe(renewed.json)).body.data).toMatchObject({ created: false, linked: false });
    expect((await stored(sub.json.endpoint)).user_id).toBeNull();
  });

  it('spec 5: a bad +91 number is flagged on phone_1 with "Please enter a valid number", and nothing is stored', async () => {
    const person = await signedInPerson(db, 'Bad Number');
    await db.update(users).set({ phone_1: '9123456780', extension: '+91' }).where(eq(users.id, person.id));
    for (const phone of ['5123456789', '91234', '+91 0 412345678']) {
      const sub = browserSubscription();
      const res = await subscribe({ ...sub.json, phone_1: phone, extension: '+91' }, person.auth);
      expect(res.status).toBe(422);
      expect(res.body.error).toMatchObject({ code: 'validation_failed', fields: { phone_1: 'Please enter a valid number' } });
      expect(await stored(sub.json.endpoint)).toBeUndefined();
    }
    // a phone sent alone is checked against the dialling code already on the profile (+91)
    const alone = browserSubscription();
    expect((await subscribe({ ...alone.json, phone_1: '5123456789' }, person.auth)).body.error.fields.phone_1).toBe('Please enter a valid number');
    expect((await db.select().from(users).where(eq(users.id, person.id)))[0].phone_1).toBe('9123456780');
    // the Indian rule is for +91 only: another dialling code takes the same digits
    const abroad = browserSubscription();
    const ok = await subscribe({ ...abroad.json, phone_1: '5123456789', extension: '+1' }, person.auth);
    expect(ok.status).toBe(201);
    expect(ok.body.data.profile).toEqual({ phone_1: '5123456789', extension: '+1' });
  });

  it('a signed-out browser subscribes anonymously; profile fields need a signed-in account (401, nothing stored)', async () => {
    const sub = browserSubscription();
    const res = await subscribe(sub.json);
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({ created: true, endpoint: sub.json.endpoint, linked: false, profile: null });
    expect((await stored(sub.json.endpoint)).user_id).toBeNull();
    const withPhone = browserSubscription();
    const refused = await subscribe({ ...withPhone.json, phone_1: '9876543210' });
    expect(refused.status).toBe(401);
    expect(refused.body.error).toEqual({ code: 'unauthenticated', message: PUSH_SIGN_IN_FOR_PROFILE });
    expect(await stored(withPhone.json.endpoint)).toBeUndefined();
    // a bad number is named even then
    expect((await subscribe({ ...withPhone.json, phone_1: '5123456789' })).body.error.fields.phone_1).toBe('Please enter a valid number');
  });

  it('refuses an endpoint that is not an https push service URL and keys that are not a browser\'s', async () => {
    const sub = browserSubscription();
    const cases: [unknown, string, string][] = [
      [{ ...sub.json, endpoint: 'http://fcm.googleapis.com/fcm/send/x' }, 'endpoint', PUSH_MESSAGES.endpoint],
      [{ ...sub.json, endpoint: 'https://fcm.googleapis.com:8443/fcm/send/x' }, 'endpoint', PUSH_MESSAGES.endpoint],
      [{ ...sub.json, endpoint: 'https://user:pw@fcm.googleapis.com/fcm/send/x' }, 'endpoint', PUSH_MESSAGES.endpoint],
      [{ ...sub.json, endpoint: 'not a url' }, 'endpoint', PUSH_MESSAGES.endpoint],
      [{ ...sub.json, endpoint: 'https://169.254.169.254/latest/meta-data' }, 'endpoint', PUSH_MESSAGES.service],
      [{ ...sub.json, endpoint: 'https://fcm.googleapis.com.evil.example/x' }, 'endpoint', PUSH_MESSAGES.service],
      [{ ...sub.json, keys: { ...sub.json.keys, p256dh: randomBytes(64).toString('base64url') } }, 'keys.p256dh', PUSH_MESSAGES.p256dh],
      [{ ...sub.json, keys: { ...sub.json.keys, auth: 'not base64!' } }, 'keys.auth', PUSH_MESSAGES.auth],
      [{ endpoint: sub.json.endpoint }, 'keys', PUSH_MESSAGES.p256dh],
    ];
    for (const [body, field, message] of cases) {
      const res = await subscribe(body);
      expect(res.status).toBe(422);
      expect(res.body.error.code).toBe('validation_failed');
      expect(res.body.error.fields[field]).toBe(message);
    }
    expect(await stored(sub.json.endpoint)).toBeUndefined();
    // Apple's and Mozilla's services are push services too; a standard-base64 key (with padding) is taken as well
    const apple = browserSubscription(`https://web.push.apple.com/${RUN}-apple`);
    const padded = { ...apple.json, keys: { p256dh: apple.ecdh.getPublicKey().toString('base64'), auth: apple.auth.toString('base64') } };
    expect((await subscribe(padded)).status).toBe(201);
    expect((await stored(apple.json.endpoint)).p256dh).toBe(apple.json.keys.p256dh);
  });

  it(`answers 429 after ${PUSH_SUBSCRIBE_LIMIT_PER_IP.max} subscriptions from one address`, async () => {
    const ip = address();
    for (let i = 0; i < PUSH_SUBSCRIBE_LIMIT_PER_IP.max; i++) expect((await subscribe(browserSubscription().json, { [CLIENT_ADDRESS_HEADER]: ip })).status).toBe(201);
    const refused = await subscribe(browserSubscription().json, { [CLIENT_ADDRESS_HEADER]: ip });
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('rate_limited');
  });
});

describe('DELETE /api/push-notifications', () => {
  it('removes the subscription by its endpoint; a second time there is nothing to remove; bad input is 422', async () => {
    const sub = browserSubscription();
    await subscribe(sub.json);
    const res = await unsubscribe({ endpoint: sub.json.endpoint });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { removed: true } });
    expect(await stored(sub.json.endpoint)).toBeUndefined();
    expect((await unsubscribe({ endpoint: sub.json.endpoint })).body).toEqual({ data: { removed: false } });
    const bad = await unsubscribe({});
    expect(bad.status).toBe(422);
    expect(bad.body.error.fields.endpoint).toBe(PUSH_MESSAGES.endpoint);
  });
});

// --- sending ------------------------------------------------------------------------------------------------------

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A push service on this machine: records each request and answers the status it is told to. */
async function pushServiceStandIn() {
  const received: Received[] = [];
  let answer = 201;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = answer;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    answerWith: (status: number) => {
      answer = status;
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** RFC 8291 decryption, as the browser does it with its private key and auth secret (one aes128gcm record). */
function decryptAsBrowser(body: Buffer, browser: ECDH, authSecret: Buffer): string {
  const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();
  const salt = body.subarray(0, 16);
  const idLength = body[20];
  const serverPublic = body.subarray(21, 21 + idLength);
  const cipherText = body.subarray(21 + idLength);
  const sharedSecret = browser.computeSecret(serverPublic);
  const ikm = hmac(hmac(authSecret, sharedSecret), Buffer.concat([Buffer.from('WebPush: info\0'), browser.getPublicKey(), serverPublic, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const key = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', key, nonce);
  decipher.setAuthTag(cipherText.subarray(cipherText.length - 16));
  const padded = Buffer.concat([decipher.update(cipherText.subarray(0, cipherText.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (padded[end] === 0) end -= 1;
  // the last record ends with the delimiter 2
  if (padded[end] !== 2) throw new Error('not the last record');
  return padded.subarray(0, end).toString('utf8');
}

describe('sending (lib/notifications/push.ts) to a push service', () => {
  const vapid = webpush.generateVAPIDKeys();
  let service: Awaited<ReturnType<typeof pushServiceStandIn>>;
  beforeAll(async () => {
    service = await pushServiceStandIn();
  });
  afterAll(() => service.close());
  const configure = () => {
    process.env.VAPID_PUBLIC_KEY = vapid.publicKey;
    process.env.VAPID_PRIVATE_KEY = vapid.privateKey;
    process.env.VAPID_SUBJECT = 'mailto:push@sahyog.in';
    resetEnvForTests();
  };
  afterEach(() => {
    delete process.env.VAPID_PUBLIC_KEY;
    delete process.env.VAPID_PRIVATE_KEY;
    delete process.env.VAPID_SUBJECT;
    resetEnvForTests();
  });

  async function subscribedUser(path: string) {
    const user = await makeUser(db, 'Push Receiver');
    const browser = browserSubscription(`${service.origin}/push/${RUN}/${path}`);
    const [row] = await db.insert(pushSubscriptions).values({ user_id: user.id, endpoint: browser.json.endpoint, p256dh: browser.json.keys.p256dh, auth: browser.json.keys.auth }).returning();
    return { user, browser, row };
  }

  it('GET /api/push-notifications/key answers 404 until VAPID keys are configured, then the public key', async () => {
    const missing = await call(keyRoute, '/api/push-notifications/key');
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('not_found');
    configure();
    const res = await call(keyRoute, '/api/push-notifications/key');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { public_key: vapid.publicKey } });
  });

  it('sends nothing while VAPID keys are unset', async () => {
    const { user, row } = await subscribedUser('unconfigured');
    const before = service.received.length;
    expect(vapidConfig()).toBeNull();
    expect(await sendPush(db, row, { title: 'Hello', body: 'Nobody hears this' })).toBe('skipped');
    expect(await notifyUserByPush(db, user.id, { title: 'Hello', body: 'Nor this' })).toEqual({ sent: 0, gone: 0, failed: 0, skipped: 0 });
    expect(service.received.length).toBe(before);
  });

  it('posts a VAPID-signed (JWT verifies with our public key), aes128gcm-encrypted message with a TTL that the browser decrypts', async () => {
    configure();
    const { user, browser } = await subscribedUser('ok');
    service.answerWith(201);
    const message = { title: 'Your fundraiser got a donation', body: '₹500 from Asha', url: '/manage/list' };
    expect(await notifyUserByPush(db, user.id, message)).toEqual({ sent: 1, gone: 0, failed: 0, skipped: 0 });
    const request = service.received.find((r) => r.path === `/push/${RUN}/ok`)!;
    expect(request).toBeDefined();
    expect(request.headers['content-encoding']).toBe('aes128gcm');
    expect(request.headers['content-type']).toBe('application/octet-stream');
    expect(request.headers.ttl).toBe(String(PUSH_TTL_S));

    const authorization = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), ?k=([\w-]+)$/.exec(request.headers.authorization ?? '');
    expect(authorization).not.toBeNull();
    const [, jwt, k] = authorization!;
    expect(k).toBe(vapid.publicKey);
    const point = Buffer.from(vapid.publicKey, 'base64url');
    const key = await importJWK({ kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') }, 'ES256');
    const { payload, protectedHeader } = await jwtVerify(jwt, key, { audience: service.origin, subject: 'mailto:push@sahyog.in' });
    expect(protectedHeader.alg).toBe('ES256');
    expect(payload.exp! * 1000).toBeGreaterThan(Date.now());
    // a JWT signed by another key does not verify against ours
    const stranger = webpush.generateVAPIDKeys();
    const strangerPoint = Buffer.from(stranger.publicKey, 'base64url');
    const strangerKey = await importJWK({ kty: 'EC', crv: 'P-256', x: strangerPoint.subarray(1, 33).toString('base64url'), y: strangerPoint.subarray(33, 65).toString('base64url') }, 'ES256');
    await expect(jwtVerify(jwt, strangerKey)).rejects.toThrow();

    expect(JSON.parse(decryptAsBrowser(request.body, browser.ecdh, browser.auth))).toEqual(message);
  });

  it('a 410 from the push service marks the subscription gone, and it is never sent to again; a 500 does not', async () => {
    configure();
    const gone = await subscribedUser('gone');
    service.answerWith(410);
    expect(await sendPush(db, gone.row, { title: 'Hi', body: 'Are you there?' })).toBe('gone');
    expect((await stored(gone.row.endpoint)).gone_at).toBeInstanceOf(Date);
    service.answerWith(201);
    const sentBefore = service.received.filter((r) => r.path.endsWith('/gone')).length;
    expect(await notifyUserByPush(db, gone.user.id, { title: 'Hi', body: 'Again?' })).toEqual({ sent: 0, gone: 0, failed: 0, skipped: 0 });
    expect(await sendPush(db, await stored(gone.row.endpoint), { title: 'Hi', body: 'Directly?' })).toBe('skipped');
    expect(service.received.filter((r) => r.path.endsWith('/gone')).length).toBe(sentBefore);

    const notFound = await subscribedUser('not-found');
    service.answerWith(404);
    expect(await sendPush(db, notFound.row, { title: 'Hi', body: 'x' })).toBe('gone');
    expect((await stored(notFound.row.endpoint)).gone_at).toBeInstanceOf(Date);

    const busy = await subscribedUser('busy');
    service.answerWith(500);
    const report = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      expect(await sendPush(db, busy.row, { title: 'Hi', body: 'x' })).toBe('failed');
    } finally {
      report.mockRestore();
    }
    expect((await stored(busy.row.endpoint)).gone_at).toBeNull();
    service.answerWith(201);
  });

  it('never posts to a host that is not a push service (a stored row pointing elsewhere is skipped)', async () => {
    configure();
    const user = await makeUser(db, 'Odd Endpoint');
    const browser = browserSubscription(`https://169.254.169.254/${RUN}`);
    const [row] = await db.insert(pushSubscriptions).values({ user_id: user.id, endpoint: browser.json.endpoint, p256dh: browser.json.keys.p256dh, auth: browser.json.keys.auth }).returning();
    expect(await sendPush(db, row, { title: 'Hi', body: 'x' })).toBe('skipped');
  });
});
