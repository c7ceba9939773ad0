// The request's id, stamped by our server beside the client address: a trusted proxy's x-request-id, else our own.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { REQUEST_ID_HEADER } from '../constants/observability';
import { requestIdFrom } from '../observability/log';
import type { TrustProxy } from './client-address';

/** Sets the id on the request (for Next and the fast lane) and on its answer; a client's own id is never taken. */
export function stampRequestId(req: IncomingMessage, res: ServerResponse, trust: TrustProxy): string {
  const fromProxy = trust(req.socket.remoteAddress ?? '', 0) ? req.headers[REQUEST_ID_HEADER] : undefined;
  const requestId = requestIdFrom(typeof fromProxy === 'string' ? fromProxy : undefined);
  req.headers[REQUEST_ID_HEADER] = requestId;
  res.setHeader(REQUEST_ID_HEADER, requestId);
  return requestId;
}
