import { EventEmitter } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { stopOnSignal } from '@/server/shutdown';

// a server whose one route answers when the test says so: a request in flight when the signal comes
function slowServer() {
  let answer: () => void = () => {};
  const server = http.createServer((req, res) => {
    answer = () => res.end('done');
  });
  return { server, answer: () => answer() };
}

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
    const inFlight = fetch(`http://127.0.0.1:${port}/`).then((r) => r.text());
    await new Promise((r) => setTimeout(r, 50));
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
    const inFlight = fetch(`http://127.0.0.1:${port}/`).then((r) => r.text());
    await new Promise((r) => setTimeout(r, 50));
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
