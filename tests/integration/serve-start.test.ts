// serve() (server/serve.ts) on a port, with a stand-in for Next (no build needed) that answers every request with the
// readiness route: the very first request the server takes already finds the cache bus followed, so no change
// committed once the server answers can go unheard.
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { GET as ready } from '@/app/api/health/ready/route';
import { closeDb, getDb } from '@/lib/db/client';
import { BACKGROUND_STOPPED, serve, type MakeNext } from '@/server/serve';

// Next as serve() uses it: prepared, then a request handler; this one hands every request to the readiness route
const nextStandIn: MakeNext = () => ({
  prepare: async () => {},
  getRequestHandler: () => async (req, res) => {
    const answer = await ready(new Request(`http://127.0.0.1${req.url}`), { params: Promise.resolve({}) });
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(await answer.text());
  },
});

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** GETs the path as soon as the port takes a connection. */
async function firstAnswer(port: number, path: string): Promise<{ status: number; body: unknown }> {
  for (;;) {
    const answer = await new Promise<{ status: number; body: unknown } | null>((resolve) => {
      const req = http.get({ host: '127.0.0.1', port, path }, (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
      });
      req.on('error', () => resolve(null));
    });
    if (answer) return answer;
    await new Promise((r) => setTimeout(r, 2));
  }
}

let server: http.Server | undefined;
beforeAll(async () => {
  await getDb();
});
afterAll(async () => {
  if (server) {
    const stopped = new Promise((resolve) => server!.once(BACKGROUND_STOPPED, resolve));
    server.close();
    await stopped;
  }
  await closeDb();
});

it('serve() follows the cache bus before it answers: its first answer is ready, bus heard', async () => {
  const port = await freePort();
  const started = serve(port, '127.0.0.1', nextStandIn);
  const first = await firstAnswer(port, '/api/health/ready');
  server = await started;
  expect(first).toEqual({ status: 200, body: { status: 'ready', draining: false, bus: true, database: true } });
});
