import { GET as devOutbox } from '@/app/dev/outbox/route';
import { GET as devOutboxHtml } from '@/app/dev/outbox/[id]/route';
import { getDb, type Db } from '@/lib/db/client';
import { outbox } from '@/lib/db/schema';
import { resetEnvForTests } from '@/lib/env';
import { enqueueMessage } from '@/lib/outbox/queue';
import { call, closeDb } from '../helpers/db';

const saved = { NODE_ENV: process.env.NODE_ENV, DEV_OUTBOX: process.env.DEV_OUTBOX };
function setEnv(vars: { NODE_ENV?: string; DEV_OUTBOX?: string }) {
  for (const [k, v] of Object.entries(vars)) {
    if (v === undefined) delete (process.env as Record<string, string | undefined>)[k];
    else Object.assign(process.env, { [k]: v });
  }
  resetEnvForTests();
}

let db: Db;
beforeAll(async () => {
  db = await getDb();
  await db.delete(outbox);
});
afterEach(() => setEnv(saved));
afterAll(closeDb);

const open = () => call(devOutbox, '/dev/outbox');

describe('/dev/outbox (ARCHITECTURE.md: readable outside production)', () => {
  it('answers 404 in production unless DEV_OUTBOX=1', async () => {
    setEnv({ NODE_ENV: 'production', DEV_OUTBOX: undefined });
    expect((await open()).status).toBe(404);
    setEnv({ NODE_ENV: 'production', DEV_OUTBOX: '0' });
    expect((await open()).status).toBe(404);
    setEnv({ NODE_ENV: 'production', DEV_OUTBOX: '1' });
    expect((await open()).status).toBe(200);
  });

  it('lists messages newest first with channel, recipient, subject, body and status, all escaped', async () => {
    setEnv({ NODE_ENV: 'development', DEV_OUTBOX: undefined });
    await enqueueMessage(db, { channel: 'email', recipient: 'first@example.com', subject: 'Receipt SHY1', body: 'Thank you for your gift.' });
    await enqueueMessage(db, { channel: 'sms', recipient: '+919876543210', body: 'Your sign-in code is 482913' });
    await enqueueMessage(db, { channel: 'email', recipient: 'x"><script>@example.com', subject: '<img src=x onerror=alert(1)>', body: 'Hi <b>there</b> & "friends"' });

    const res = await open();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const html: string = res.body;
    const items = html.split('data-testid="outbox-message"').slice(1);
    expect(items).toHaveLength(3);
    // newest first
    expect(items[0]).toContain('x&quot;&gt;&lt;script&gt;@example.com');
    expect(items[1]).toContain('+919876543210');
    expect(items[1]).toContain('SMS');
    expect(items[1]).toContain('Your sign-in code is 482913');
    expect(items[2]).toContain('first@example.com');
    expect(items[2]).toContain('Receipt SHY1');
    expect(items[2]).toContain('Thank you for your gift.');
    expect(items[2]).toContain('queued');
    // nothing a message holds becomes markup
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<b>there</b>');
    expect(items[0]).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(items[0]).toContain('Hi &lt;b&gt;there&lt;/b&gt; &amp; &quot;friends&quot;');
  });

  it('shows each email\'s HTML part (inert, in a sandboxed frame) and opens it alone at /dev/outbox/<id>', async () => {
    setEnv({ NODE_ENV: 'development', DEV_OUTBOX: undefined });
    const id = await enqueueMessage(db, { channel: 'email', recipient: 'html@example.com', subject: 'Your monthly SIP is now ₹200', body: 'Open https://sahyog.example/sip' });
    const list = await call(devOutbox, `/dev/outbox?recipient=html%40example.com`);
    expect(list.body).toContain(`<iframe class="html" title="HTML part of message ${id}" sandbox=""`);
    expect(list.body).toContain(`href="/dev/outbox/${id}"`);
    const one = await call(devOutboxHtml, `/dev/outbox/${id}`, { id: String(id) });
    expect(one.status).toBe(200);
    expect(one.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(one.body).toContain('href="https://sahyog.example/sip"');
    expect((await call(devOutboxHtml, '/dev/outbox/999999', { id: '999999' })).status).toBe(404);
    setEnv({ NODE_ENV: 'production', DEV_OUTBOX: undefined });
    expect((await call(devOutboxHtml, `/dev/outbox/${id}`, { id: String(id) })).status).toBe(404);
  });

  it('narrows to one recipient with ?recipient=', async () => {
    setEnv({ NODE_ENV: 'test', DEV_OUTBOX: undefined });
    const res = await call(devOutbox, `/dev/outbox?recipient=${encodeURIComponent('+919876543210')}`);
    const items = (res.body as string).split('data-testid="outbox-message"').slice(1);
    expect(items).toHaveLength(1);
    expect(items[0]).toContain('482913');
  });
});
