// Our server behind nginx: an idle keep-alive connection is closed by nginx first (its upstream keepalive_timeout is
// shorter than ours), so nginx never sends a POST on a connection we have just closed (a 502 it would not retry); and
// the time limit on a request's headers, much shorter, never cuts such an idle connection.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createProductServer } from '@/server/node-server';
import { KEEPALIVE_TIMEOUT_MS, PROXY_UPSTREAM_KEEPALIVE_MS } from '@/lib/constants/server';
import { REQUEST_BODY_TIMEOUT_MS, REQUEST_HEADERS_TIMEOUT_MS } from '@/lib/constants/security/limits';

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** POSTs on one kept connection (an agent of one socket, as nginx's upstream keepalive holds them); answers whether the socket was reused. */
function poster(port: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const post = () =>
    new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port, agent, method: 'POST', path: '/api/donations/order', headers: { 'content-type': 'application/json' } }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, reused: req.reusedSocket }));
      });
      req.on('error', reject);
      req.end('{"amount":500}');
    });
  return { post, close: () => agent.destroy() };
}

const readBody: http.RequestListener = (req, res) => {
  req.resume();
  req.on('end', () => res.end('{}'));
};

describe('connections from the proxy', () => {
  it('the product server keeps an idle connection longer than nginx keeps its own, and waits for headers and bodies for less', () => {
    const server = createProductServer(() => {});
    expect(server.keepAliveTimeout).toBe(KEEPALIVE_TIMEOUT_MS);
    expect(server.keepAliveTimeout).toBeGreaterThan(PROXY_UPSTREAM_KEEPALIVE_MS);
    // the slow-headers and half-sent-body limits keep their own, shorter, times
    expect(server.headersTimeout).toBe(REQUEST_HEADERS_TIMEOUT_MS);
    expect(server.requestTimeout).toBe(REQUEST_BODY_TIMEOUT_MS);
  });

  it('a connection left idle past the headers and body limits, within the keep-alive time, takes the next POST; past it, the server closes it', async () => {
    // the product's times scaled down to seconds: the headers limit is half a second, the keep-alive time 3 s
    const limits = { requestTimeout: 1_000, headersTimeout: 500, connectionsCheckingInterval: 100, keepAliveTimeout: 3_000 };
    const server = createProductServer(readBody, limits);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { post, close } = poster((server.address() as AddressInfo).port);
    try {
      expect(await post()).toEqual({ status: 200, reused: false });
      await pause(1_500);
      expect(await post()).toEqual({ status: 200, reused: true });
      // Node's idle-socket timers fire up to a second late
      await pause(limits.keepAliveTimeout + 2_000);
      // the server closed the idle connection itself: the next POST opens a new one
      expect(await post()).toEqual({ status: 200, reused: false });
    } finally {
      close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  }, 20_000);
});
