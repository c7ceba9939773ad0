// The client address, worked out once by our server from the socket and the proxies it is told to trust
// (TRUST_PROXY), then handed to route handlers in one header of ours; a client-sent value is dropped.
import type { IncomingMessage } from 'node:http';
import proxyAddr from 'proxy-addr';
import { CLIENT_ADDRESS_HEADER } from '../constants/server';

export type TrustProxy = (address: string, hop: number) => boolean;

/** TRUST_PROXY: unset trusts nobody; a number trusts that many hops; otherwise proxy-addr's list ('loopback, 10.0.0.0/8'). */
export function trustProxyFrom(setting: string | undefined): TrustProxy {
  const value = (setting ?? '').trim();
  if (!value || value === '0' || value === 'false') return () => false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return proxyAddr.compile(value.split(',').map((v) => v.trim()).filter(Boolean));
}

// headers a client could forge to pose as another address, host or scheme; kept only when a trusted proxy set them
const FORWARDED_HEADERS = ['x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port', 'x-real-ip', 'forwarded'];

/**
 * Called by our server on every request before Next sees it: sets CLIENT_ADDRESS_HEADER to the address the
 * last trusted proxy saw (the socket's address when none is trusted) and drops forwarded headers that did
 * not come from a trusted proxy, so Host-based links and per-address limits cannot be steered by a client.
 */
export function stampClientAddress(req: IncomingMessage, trust: TrustProxy): string {
  // no forwarded header at all (a browser straight to us): the socket's address, which proxy-addr would answer too
  if (!FORWARDED_HEADERS.some((h) => req.headers[h] !== undefined)) {
    const address = req.socket.remoteAddress as string;
    req.headers[CLIENT_ADDRESS_HEADER] = address;
    return address;
  }
  const fromTrustedProxy = trust(req.socket.remoteAddress ?? '', 0);
  const address = proxyAddr(req, trust);
  if (!fromTrustedProxy) for (const h of FORWARDED_HEADERS) delete req.headers[h];
  req.headers[CLIENT_ADDRESS_HEADER] = address;
  return address;
}
