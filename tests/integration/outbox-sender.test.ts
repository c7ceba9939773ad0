// The outbox sender against a real SMTP peer (smtp-server on 127.0.0.1), on the database of this test file.
import net from 'node:net';
import { inArray } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { getDb, type Db } from '@/lib/db/client';
import { outbox } from '@/lib/db/schema';
import { enqueueMessage } from '@/lib/outbox/queue';
import { sendQueuedMessages, smtpTransport, startOutboxDrain } from '@/lib/outbox/sender';
import { OUTBOX_CLAIM_TIMEOUT_MS, OUTBOX_MAX_ATTEMPTS } from '@/lib/constants/outbox';
import { closeDb } from '../helpers/db';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A local SMTP server that keeps what it receives, or refuses every recipient with `refuse`. */
async function smtpPeer(refuse?: { code: number; message: string }) {
  const received: Received[] = [];
  let sessions = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      sessions += 1;
      callback();
    },
    onRcptTo(_address, _session, callback) {
      if (!refuse) return callback();
      callback(Object.assign(new Error(refuse.message), { responseCode: refuse.code }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as net.AddressInfo;
  return {
    received,
    sessions: () => sessions,
    transport: smtpTransport(`smtp://127.0.0.1:${port}`),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A port where nothing listens. */
async function closedPort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as net.AddressInfo;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

let db: Db;
beforeAll(async () => {
  db = await getDb();
});
beforeEach(async () => {
  await db.delete(outbox);
});
afterAll(closeDb);

const rowsOf = (ids: number[]) => db.select().from(outbox).where(inArray(outbox.id, ids)).orderBy(outbox.id);

describe('outbox sender over SMTP', () => {
  it('sends a message another sender claimed and never finished, but not one being sent right now', async () => {
    const peer = await smtpPeer();
    try {
      const stale = await enqueueMessage(db, { channel: 'email', recipient: 'stale@example.com', subject: 'Old claim', body: 'A sender died holding me.' });
      const busy = await enqueueMessage(db, { channel: 'email', recipient: 'busy@example.com', subject: 'Fresh claim', body: 'Another sender is sending me.' });
      await db.update(outbox).set({ status: 'sending', claimed_at: new Date(Date.now() - OUTBOX_CLAIM_TIMEOUT_MS - 1000) }).where(inArray(outbox.id, [stale]));
      await db.update(outbox).set({ status: 'sending', claimed_at: new Date() }).where(inArray(outbox.id, [busy]));
      expect(await sendQueuedMessages(db, { email: peer.transport })).toEqual({ sent: 1, retrying: 0, failed: 0 });
      expect(peer.received.map((m) => m.to)).toEqual([['stale@example.com']]);
      expect((await rowsOf([stale, busy])).map((r) => r.status)).toEqual(['sent', 'sending']);
    } finally {
      await peer.close();
    }
  });

  it('delivers queued email oldest first with recipient, subject and body, marks it sent, and sends nothing twice', async () => {
    const peer = await smtpPeer();
    try {
      const first = await enqueueMessage(db, { channel: 'email', recipient: 'asha@example.com', subject: 'Receipt SHY1: thank you', body: 'We received your donation of Rs 500.' });
      const second = await enqueueMessage(db, { channel: 'email', recipient: 'ravi@example.com', subject: 'Your sign-in code', body: 'Your code is 482913.' });
      const sms = await enqueueMessage(db, { channel: 'sms', recipient: '+919876543210', body: 'Your code is 111222.' });

      expect(await sendQueuedMessages(db, { email: peer.transport }, { from: 'Sahyog <no-reply@sahyog.in>' })).toEqual({ sent: 2, retrying: 0, failed: 0 });
      expect(peer.received.map((m) => m.to)).toEqual([['asha@example.com'], ['ravi@example.com']]);
      expect(peer.received[0].from).toBe('no-reply@sahyog.in');
      expect(peer.received[0].raw).toMatch(/^Subject: Receipt SHY1: thank you$/m);
      expect(peer.received[0].raw).toContain('We received your donation of Rs 500.');
      expect(peer.received[1].raw).toMatch(/^Subject: Your sign-in code$/m);
      expect(peer.received[1].raw).toContain('Your code is 482913.');

      const [a, b] = await rowsOf([first, second]);
      for (const row of [a, b]) {
        expect(row).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
        expect(row.sent_at).toBeInstanceOf(Date);
      }
      // no SMS provider is configured: SMS stays queued, untouched
      expect((await rowsOf([sms]))[0]).toMatchObject({ status: 'queued', attempts: 0, sent_at: null });

      expect(await sendQueuedMessages(db, { email: peer.transport })).toEqual({ sent: 0, retrying: 0, failed: 0 });
      expect(peer.received).toHaveLength(2);
    } finally {
      await peer.close();
    }
  });

  it('an email leaves as multipart/alternative, its text part and its HTML part from the template set', async () => {
    const peer = await smtpPeer();
    try {
      const id = await enqueueMessage(db, { channel: 'email', recipient: 'asha@example.com', subject: 'Receipt SHY2', body: 'We received your donation.\n\nOpen https://sahyog.example/portfolio', locale: 'ar' });
      const [row] = await rowsOf([id]);
      expect(row.html).toMatch(/^<!doctype html>/i);
      expect(row.html).toContain('dir="rtl"');
      expect(row.html).toContain('href="https://sahyog.example/portfolio"');
      expect(await sendQueuedMessages(db, { email: peer.transport })).toEqual({ sent: 1, retrying: 0, failed: 0 });
      const raw = peer.received[0].raw;
      expect(raw).toMatch(/^Content-Type: multipart\/alternative;/im);
      const text = raw.indexOf('Content-Type: text/plain');
      const html = raw.indexOf('Content-Type: text/html');
      // the plain part first, the HTML part last (the one a client prefers)
      expect(text).toBeGreaterThan(0);
      expect(html).toBeGreaterThan(text);
    } finally {
      await peer.close();
    }
  });

  it('two passes running at once send each message exactly once', async () => {
    const peer = await smtpPeer();
    try {
      for (let i = 0; i < 6; i++) await enqueueMessage(db, { channel: 'email', recipient: `donor${i}@example.com`, subject: `Message ${i}`, body: `Body ${i}` });
      const [p1, p2] = await Promise.all([sendQueuedMessages(db, { email: peer.transport }), sendQueuedMessages(db, { email: peer.transport })]);
      expect(p1.sent + p2.sent).toBe(6);
      expect(peer.received.map((m) => m.to[0]).sort()).toEqual([0, 1, 2, 3, 4, 5].map((i) => `donor${i}@example.com`));
    } finally {
      await peer.close();
    }
  });

  it('a refusing server: the error is kept, the message retried once per pass, then given up after the limit', async () => {
    const peer = await smtpPeer({ code: 451, message: 'Mailbox busy, try later' });
    try {
      const ids = [
        await enqueueMessage(db, { channel: 'email', recipient: 'one@example.com', subject: 'One', body: 'First' }),
        await enqueueMessage(db, { channel: 'email', recipient: 'two@example.com', subject: 'Two', body: 'Second' }),
      ];
      expect(await sendQueuedMessages(db, { email: peer.transport })).toEqual({ sent: 0, retrying: 2, failed: 0 });
      for (const row of await rowsOf(ids)) {
        expect(row).toMatchObject({ status: 'queued', attempts: 1, sent_at: null });
        expect(row.last_error).toContain('Mailbox busy, try later');
      }
      for (let pass = 2; pass < OUTBOX_MAX_ATTEMPTS; pass++) expect(await sendQueuedMessages(db, { email: peer.transport })).toEqual({ sent: 0, retrying: 2, failed: 0 });
      expect(await sendQueuedMessages(db, { email: peer.transport })).toEqual({ sent: 0, retrying: 0, failed: 2 });
      for (const row of await rowsOf(ids)) expect(row).toMatchObject({ status: 'failed', attempts: OUTBOX_MAX_ATTEMPTS });
      // given up: later passes leave it alone
      const sessionsBefore = peer.sessions();
      expect(await sendQueuedMessages(db, { email: peer.transport })).toEqual({ sent: 0, retrying: 0, failed: 0 });
      expect(peer.sessions()).toBe(sessionsBefore);
      expect(peer.received).toHaveLength(0);
    } finally {
      await peer.close();
    }
  });

  it('an unreachable server counts one attempt and ends the pass; the mail goes once the server is back', async () => {
    const ids = [
      await enqueueMessage(db, { channel: 'email', recipient: 'one@example.com', subject: 'One', body: 'First' }),
      await enqueueMessage(db, { channel: 'email', recipient: 'two@example.com', subject: 'Two', body: 'Second' }),
    ];
    expect(await sendQueuedMessages(db, { email: smtpTransport(`smtp://127.0.0.1:${await closedPort()}`) })).toEqual({ sent: 0, retrying: 1, failed: 0 });
    const [one, two] = await rowsOf(ids);
    expect(one).toMatchObject({ status: 'queued', attempts: 1 });
    expect(one.last_error).toMatch(/ECONNREFUSED|connect/i);
    expect(two).toMatchObject({ status: 'queued', attempts: 0, last_error: null });

    const peer = await smtpPeer();
    try {
      expect(await sendQueuedMessages(db, { email: peer.transport })).toEqual({ sent: 2, retrying: 0, failed: 0 });
      expect((await rowsOf(ids)).map((r) => [r.status, r.attempts])).toEqual([
        ['sent', 2],
        ['sent', 1],
      ]);
    } finally {
      await peer.close();
    }
  });

  it('the periodic drain sends on its own and reports errors instead of throwing', async () => {
    const peer = await smtpPeer();
    const errors: unknown[] = [];
    const id = await enqueueMessage(db, { channel: 'email', recipient: 'later@example.com', subject: 'Later', body: 'Sent by the drain' });
    const stop = startOutboxDrain({ db: async () => db, transports: { email: peer.transport }, intervalMs: 20, onError: (e) => errors.push(e) });
    const broken = startOutboxDrain({ db: async () => Promise.reject(new Error('database down')), transports: { email: peer.transport }, intervalMs: 20, onError: (e) => errors.push(e) });
    try {
      for (let i = 0; i < 100 && (await rowsOf([id]))[0].status !== 'sent'; i++) await new Promise((r) => setTimeout(r, 20));
      expect((await rowsOf([id]))[0].status).toBe('sent');
      expect(peer.received).toHaveLength(1);
      expect(errors.some((e) => (e as Error).message === 'database down')).toBe(true);
    } finally {
      stop();
      broken();
      await peer.close();
    }
  });
});

describe('configuration', () => {
  it('reads SMTP_URL and gives SMTP_FROM a default', async () => {
    const { env, resetEnvForTests } = await import('@/lib/env');
    const before = { url: process.env.SMTP_URL, from: process.env.SMTP_FROM };
    process.env.SMTP_URL = 'smtp://user:pass@mail.example.org:587';
    delete process.env.SMTP_FROM;
    resetEnvForTests();
    try {
      expect(env().SMTP_URL).toBe('smtp://user:pass@mail.example.org:587');
      expect(env().SMTP_FROM).toBe('Sahyog <no-reply@sahyog.in>');
    } finally {
      if (before.url === undefined) delete process.env.SMTP_URL;
      else process.env.SMTP_URL = before.url;
      if (before.from !== undefined) process.env.SMTP_FROM = before.from;
      resetEnvForTests();
    }
  });
});


import http from 'node:http';
import { httpSmsTransport, internationalPhone } from '@/lib/outbox/sms';
import { configuredTransports } from '@/lib/outbox/sender';

/** A local SMS provider endpoint that checks the API key, as the real one would. */
async function smsProvider(apiKey: string, failWith?: number) {
  const received: { to: string; text: string; sender: string }[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      if (req.headers.authorization !== `Bearer ${apiKey}`) return void res.writeHead(401).end('bad key');
      if (failWith) return void res.writeHead(failWith).end('number blocked');
      received.push(JSON.parse(body));
      res.writeHead(202, { 'content-type': 'application/json' }).end('{"status":"queued"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}/sms`;
  return { received, url, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('outbox sender over an SMS provider', () => {
  it('sends one-time codes to phones in the international form, with the API key; email waits for its own transport', async () => {
    const provider = await smsProvider('sms-key-123');
    try {
      const sms = await enqueueMessage(db, { channel: 'sms', recipient: '9876543210', body: '482913 is your Sahyog sign-in code.' });
      const mail = await enqueueMessage(db, { channel: 'email', recipient: 'asha@example.com', subject: 'Receipt', body: 'Thanks' });
      expect(await sendQueuedMessages(db, { sms: httpSmsTransport(provider.url, 'sms-key-123', 'SAHYOG') })).toEqual({ sent: 1, retrying: 0, failed: 0 });
      expect(provider.received).toEqual([{ to: '+919876543210', text: '482913 is your Sahyog sign-in code.', sender: 'SAHYOG' }]);
      expect((await rowsOf([sms, mail])).map((r) => r.status)).toEqual(['sent', 'queued']);
    } finally {
      await provider.close();
    }
  });

  it('a refusing provider (wrong key, blocked number) keeps the message for a retry with the answer as the error', async () => {
    const provider = await smsProvider('right-key');
    try {
      const sms = await enqueueMessage(db, { channel: 'sms', recipient: '9876543210', body: 'code' });
      expect(await sendQueuedMessages(db, { sms: httpSmsTransport(provider.url, 'wrong-key', 'SAHYOG') })).toEqual({ sent: 0, retrying: 1, failed: 0 });
      const [row] = await rowsOf([sms]);
      expect(row).toMatchObject({ status: 'queued', attempts: 1 });
      expect(row.last_error).toContain('401');
    } finally {
      await provider.close();
    }
  });

  it('reads the configuration and writes numbers as providers expect', () => {
    expect(configuredTransports({ SMS_API_URL: 'http://127.0.0.1:1/sms', SMS_API_KEY: 'k', SMS_SENDER_ID: 'SAHYOG' } as never)).toHaveProperty('sms');
    expect(configuredTransports({ SMS_API_URL: 'http://127.0.0.1:1/sms', SMS_SENDER_ID: 'SAHYOG' } as never)).toBeNull();
    expect(internationalPhone('9876543210')).toBe('+919876543210');
    expect(internationalPhone('+447700900123')).toBe('+447700900123');
  });
});
