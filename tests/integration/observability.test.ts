// Metrics that move with the product (a settled gift, a failed one, a webhook, a job run), /metrics behind its token,
// the web-vitals endpoint, and no secret in the log lines of a sign-in, a one-time code or a cart with a PAN.
import { capturedLogLines, capturedOutput, logMark } from '../helpers/captured-logs';
import { eq } from 'drizzle-orm';
import { GET as metricsRoute } from '@/app/metrics/route';
import { POST as vitalsRoute } from '@/app/api/vitals/route';
import { POST as cartRoute } from '@/app/api/fundraisers/[id]/cart/route';
import { POST as orderRoute } from '@/app/api/fundraisers/[id]/order/route';
import { POST as sendRoute } from '@/app/api/payment/send/route';
import { POST as webhookRoute } from '@/app/api/webhooks/[gateway]/route';
import { POST as loginRoute } from '@/app/api/auth/login/route';
import { databaseKind, getDb, type Db } from '@/lib/db/client';
import { orders } from '@/lib/db/schema';
import { resetEnvForTests } from '@/lib/env';
import { log, withRequestId } from '@/lib/observability/log';
import { jobDatabase, startJobRunner } from '@/lib/jobs/runner';
import { SandboxGateway, SANDBOX_SIGNATURE_HEADER } from '@/lib/payments/sandbox';
import { sandboxSecret } from '@/lib/payments/registry';
import { cookiesFrom } from '../helpers/auth';
import { call, closeDb } from '../helpers/db';
import { freshDb, makeFundraiser, makeUser } from '../factories';

const TOKEN = 'scrape-token-for-tests-0123';
const ORIGIN = 'http://localhost';
let db: Db;
let fundraiserId: number;
let ip = 0;

beforeAll(async () => {
  db = await freshDb();
  fundraiserId = (await makeFundraiser(db)).id;
  process.env.METRICS_TOKEN = TOKEN;
  resetEnvForTests();
});
afterAll(async () => {
  delete process.env.METRICS_TOKEN;
  resetEnvForTests();
  await closeDb();
});

const post = (body: unknown, headers: Record<string, string> = {}) => ({ method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', origin: ORIGIN, 'x-sahyog-client-address': `10.7.0.${++ip % 250}`, ...headers } });
const scrape = (authorization?: string) => call(metricsRoute, '/metrics', {}, { method: 'GET', headers: authorization ? { authorization } : {} });
async function scraped(): Promise<string> {
  const answer = await metricsRoute(new Request(`${ORIGIN}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } }));
  expect(answer.status).toBe(200);
  return answer.text();
}
// a counter's value in the text format, 0 when absent
async function counter(name: string, labels: string): Promise<number> {
  const line = (await scraped()).split('\n').find((l) => l.startsWith(`${name}{${labels}}`));
  return line ? Number(line.split(' ').pop()) : 0;
}

async function sentOrder(pan?: string) {
  const cart = await call(cartRoute, '/x', { id: String(fundraiserId) }, post({ donated_amount: 500, currency: 'INR', donor_name: 'Asha Rao', donor_email: `asha${ip}@example.com`, donor_phone: '+91 98765 43210', is_anonymous: '0', tip_amount: 0, ...(pan ? { pan } : {}) }));
  expect(cart.status).toBe(201);
  const cookie = cookiesFrom(cart.headers);
  const order = await call(orderRoute, '/x', { id: String(fundraiserId) }, post({ cart_id: cart.body.data.id, mode: 'UPI', origin: 's' }, { cookie }));
  expect(order.status).toBe(201);
  expect((await call(sendRoute, '/x', {}, post({ order_id: order.body.data.order_id }, { cookie }))).status).toBe(200);
  return (await db.select().from(orders).where(eq(orders.order_id, order.body.data.order_id)))[0];
}
const webhook = (body: string, signature: string) => call(webhookRoute, '/api/webhooks/sandbox', { gateway: 'sandbox' }, { method: 'POST', body, headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature } });

describe('/metrics', () => {
  it('is a 404 without METRICS_TOKEN, a 401 with a wrong token, the text format with the right one', async () => {
    delete process.env.METRICS_TOKEN;
    resetEnvForTests();
    expect((await scrape(`Bearer ${TOKEN}`)).status).toBe(404);
    process.env.METRICS_TOKEN = TOKEN;
    resetEnvForTests();
    expect((await scrape()).status).toBe(401);
    expect((await scrape('Bearer not-the-token-at-all-000')).status).toBe(401);
    const text = await scraped();
    expect(text).toContain('# TYPE sahyog_http_request_duration_seconds histogram');
    // the pool's gauges on PostgreSQL (the embedded database has one connection and no pool)
    if ((await databaseKind()) === 'postgres') expect(text).toMatch(/sahyog_db_pool_connections\{state="total"\} [1-9]/);
    else expect(text).not.toMatch(/sahyog_db_pool_connections\{/);
  });

  it('counts a settled gift, a failed one and their webhooks', async () => {
    const settled = await counter('sahyog_donations_total', 'result="settled"');
    const failed = await counter('sahyog_donations_total', 'result="failed"');
    const hooks = await counter('sahyog_webhooks_total', 'gateway="sandbox",result="settled"');
    const gateway = new SandboxGateway(getDb, sandboxSecret(), ORIGIN);
    const paid = await gateway.complete((await sentOrder()).gateway_order_id!, 'success');
    expect((await webhook(paid.webhookBody, paid.webhookSignature)).status).toBe(200);
    const refused = await gateway.complete((await sentOrder()).gateway_order_id!, 'failed');
    expect((await webhook(refused.webhookBody, refused.webhookSignature)).status).toBe(200);
    expect(await counter('sahyog_donations_total', 'result="settled"')).toBe(settled + 1);
    expect(await counter('sahyog_donations_total', 'result="failed"')).toBe(failed + 1);
    expect(await counter('sahyog_webhooks_total', 'gateway="sandbox",result="settled"')).toBe(hooks + 2);
    const badSignature = await counter('sahyog_webhooks_total', 'gateway="sandbox",result="bad_signature"');
    expect((await webhook(paid.webhookBody, 'forged')).status).toBe(400);
    expect(await counter('sahyog_webhooks_total', 'gateway="sandbox",result="bad_signature"')).toBe(badSignature + 1);
  });

  it('counts job runs and failures by job name; a job sent during a request logs under its request id', async () => {
    const schema = `obs_jobs_${Date.now().toString(36)}`;
    let ran = 0;
    const runner = await startJobRunner({
      database: await jobDatabase(),
      schema,
      pollingIntervalSeconds: 0.5,
      retryDelaySeconds: 60,
      onError: () => {},
      jobs: [{ name: 'obs.check', retryLimit: 0, run: async (data: { fail?: boolean }) => { ran++; log.info('obs.check ran'); if (data.fail) throw new Error('meant to fail'); } }],
    });
    try {
      const mark = logMark();
      await withRequestId('req-sent-the-job', () => runner.send('obs.check', {}));
      await runner.send('obs.check', { fail: true });
      const end = Date.now() + 20_000;
      // the failure is counted once the run has thrown, a moment after it ran
      while ((ran < 2 || (await counter('sahyog_job_failures_total', 'job="obs.check"')) < 1) && Date.now() < end) await new Promise((r) => setTimeout(r, 200));
      expect(await counter('sahyog_job_runs_total', 'job="obs.check"')).toBe(2);
      expect(await counter('sahyog_job_failures_total', 'job="obs.check"')).toBe(1);
      const jobLines = capturedLogLines(mark).filter((l) => l.msg === 'obs.check ran');
      expect(jobLines.map((l) => l.request_id)).toContain('req-sent-the-job');
    } finally {
      await runner.stop();
    }
  });
});

describe('/api/vitals', () => {
  it('takes a valid beacon from our pages into the page kind histogram and refuses an invalid one', async () => {
    const before = await counter('sahyog_web_vitals_ms_count', 'name="LCP",page="story"');
    const beacon = { path: '/stories/help-asha-walk', metrics: [{ name: 'LCP', value: 1900 }, { name: 'CLS', value: 0.04 }] };
    expect((await call(vitalsRoute, '/api/vitals', {}, post(beacon))).status).toBe(204);
    expect(await counter('sahyog_web_vitals_ms_count', 'name="LCP",page="story"')).toBe(before + 1);
    expect((await call(vitalsRoute, '/api/vitals', {}, post({ path: '/', metrics: [{ name: 'LCP', value: 'slow' }] }))).status).toBe(422);
  });
});

describe('secrets in logs', () => {
  it('writes no password or PAN of a sign-in or a cart', async () => {
    const mark = logMark();
    const user = await makeUser(db);
    await call(loginRoute, '/api/auth/login', {}, post({ email_id: user.email, password: 'Wrong@Password77' }));
    await sentOrder('ABCPE1234K');
    const out = capturedOutput(mark);
    for (const secret of ['Wrong@Password77', 'ABCPE1234K']) expect(out).not.toContain(secret);
  });
});
