import { EventEmitter } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { stopOnSignal } from '@/server/shutdown';
import { createProductServer } from '@/server/node-server';
import { GATEWAY_TIMEOUT_MS } from '@/lib/constants/payments';
import { GATEWAY_CALLS_PER_REQUEST_MAX, SHUTDOWN_GRACE_MS } from '@/lib/constants/server';

// a server whose one route answers when the test says so: a request in flight when the signal comes
function slowServer() {
  let answer: () => void = () => {};
  const server = http.createServer((req, res) => {
    answer = () => res.end('done');
  });
  return { server, answer: () => answer() };
}

// the request has reached the handler: a fixed pause lost this race on a loaded machine, and the signal then found nothing in flight
const arrived = (server: http.Server) => new Promise<void>((resolve) => server.once('request', () => resolve()));

const listen = (server: http.Server) => new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));

describe('stopping on SIGTERM', () => {
  it('answers the request in flight, then stops the jobs, closes the database and exits 0, in that order', async () => {
    const { server, answer } = slowServer();
    const port = await listen(server);
    const signals = new EventEmitter();
    const steps: string[] = [];
    let exited: (code: number) => void = () => {};
    const exit = new Promise<number>((resolve) => (exited = resolve));
    stopOnSignal(server, { stopBackground: async () => void steps.push('jobs'), closeDb: async () => void steps.push('db'), exit: (code) => { steps.push(`exit ${code}`); exited(code); }, graceMs: 5_000 }, signals);
    const inHandler = arrived(server);
    const inFlight = fetch(`http://127.0.0.1:${port}/`).then((r) => r.text());
    await inHandler;
    signals.emit('SIGTERM');
    await new Promise((r) => setTimeout(r, 50));
    // nothing stops while the request is unanswered, and no new connection is taken
    expect(steps).toEqual([]);
    await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow();
    answer();
    expect(await inFlight).toBe('done');
    expect(await exit).toBe(0);
    expect(steps).toEqual(['jobs', 'db', 'exit 0']);
  });

  it('exits 1 when a request outlasts the grace period, and stops once for two signals', async () => {
    const { server, answer } = slowServer();
    const port = await listen(server);
    const signals = new EventEmitter();
    const codes: number[] = [];
    let stopBackground = 0;
    const stop = stopOnSignal(server, { stopBackground: async () => void stopBackground++, closeDb: async () => {}, exit: (code) => void codes.push(code), graceMs: 100 }, signals);
    const inHandler = arrived(server);
    const inFlight = fetch(`http://127.0.0.1:${port}/`).then((r) => r.text());
    await inHandler;
    signals.emit('SIGTERM');
    signals.emit('SIGINT');
    await new Promise((r) => setTimeout(r, 200));
    expect(codes).toEqual([1]);
    answer();
    await inFlight;
    await stop();
    expect(stopBackground).toBe(1);
  });
});

describe('the grace period and the gateway', () => {
  // only setTimeout is made virtual (the grace timer); the sockets, and the 50 ms sweep of idle connections, run in real time
  beforeEach(() => jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval', 'queueMicrotask', 'Date', 'hrtime', 'performance'] }));
  afterEach(() => jest.useRealTimers());

  it('is longer than a request whose gateway calls each take their full timeout, with room to close', () => {
    expect(SHUTDOWN_GRACE_MS).toBeGreaterThan(GATEWAY_CALLS_PER_REQUEST_MAX * GATEWAY_TIMEOUT_MS);
  });

  it('a request still waiting on the gateway past the old 10 s (here 40 s of virtual time) is answered, and the server exits 0; past the grace period it exits 1', async () => {
    let arrived: () => void = () => {};
    const inHandler = new Promise<void>((resolve) => (arrived = resolve));
    const answers: (() => void)[] = [];
    const server = http.createServer((_req, res) => {
      answers.push(() => res.end('paid'));
      arrived();
    });
    const port = await listen(server);
    const signals = new EventEmitter();
    const codes: number[] = [];
    let exited: () => void = () => {};
    const exit = new Promise<void>((resolve) => (exited = resolve));
    stopOnSignal(server, { stopBackground: async () => {}, closeDb: async () => {}, exit: (code) => { codes.push(code); exited(); }, graceMs: SHUTDOWN_GRACE_MS }, signals);
    const inFlight = new Promise<string>((resolve, reject) => {
      http.get({ host: '127.0.0.1', port, path: '/' }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c));
        res.on('end', () => resolve(body));
      }).on('error', reject);
    });
    await inHandler;
    signals.emit('SIGTERM');
    // the order call and then the mandate's second call each wait their whole timeout
    jest.advanceTimersByTime(GATEWAY_CALLS_PER_REQUEST_MAX * GATEWAY_TIMEOUT_MS);
    expect(codes).toEqual([]);
    answers[0]();
    expect(await inFlight).toBe('paid');
    await exit;
    expect(codes).toEqual([0]);

    // the same with a request that never ends: exit 1 once the grace period is over, not before
    const stuck = http.createServer(() => {});
    const stuckPort = await listen(stuck);
    const stuckSignals = new EventEmitter();
    const stuckCodes: number[] = [];
    stopOnSignal(stuck, { stopBackground: async () => {}, closeDb: async () => {}, exit: (code) => void stuckCodes.push(code), graceMs: SHUTDOWN_GRACE_MS }, stuckSignals);
    const request = http.get({ host: '127.0.0.1', port: stuckPort, path: '/' });
    request.on('error', () => {});
    await new Promise<void>((resolve) => stuck.once('request', () => resolve()));
    stuckSignals.emit('SIGTERM');
    jest.advanceTimersByTime(SHUTDOWN_GRACE_MS - 1);
    expect(stuckCodes).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(stuckCodes).toEqual([1]);
    stuck.closeAllConnections();
  });
});

describe('draining behind a proxy', () => {
  it('answers a request on a kept connection with Connection: close once draining, so the proxy sends nothing more on it', async () => {
    let answer: () => void = () => {};
    const server = createProductServer((req, res) => {
      if (req.url === '/slow') answer = () => res.end('done');
      else res.end('quick');
    });
    const port = await listen(server);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = (path: string) =>
      new Promise<{ connection: string | undefined; body: string }>((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port, path, agent }, (res) => {
            let body = '';
            res.on('data', (c) => (body += c));
            res.on('end', () => resolve({ connection: res.headers.connection, body }));
          })
          .on('error', reject);
      });
    expect((await get('/quick')).connection).toBe('keep-alive');
    const signals = new EventEmitter();
    let exited: (code: number) => void = () => {};
    const exit = new Promise<number>((resolve) => (exited = resolve));
    stopOnSignal(server, { stopBackground: async () => {}, closeDb: async () => {}, exit: (code) => exited(code), graceMs: 5_000 }, signals);
    const inHandler = arrived(server);
    const inFlight = get('/slow');
    await inHandler;
    signals.emit('SIGTERM');
    await new Promise((r) => setTimeout(r, 50));
    answer();
    expect(await inFlight).toEqual({ connection: 'close', body: 'done' });
    expect(await exit).toBe(0);
    agent.destroy();
  });
});
