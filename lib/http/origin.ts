// Cookie-authenticated writes must come from our own pages: browsers send Sec-Fetch-Site and Origin on every POST.
import { ApiError } from './errors';

export function assertSameOrigin(request: Request): void {
  const site = request.headers.get('sec-fetch-site');
  if (site && site !== 'same-origin' && site !== 'none') throw new ApiError('forbidden', 'Cross-site request refused');
  const origin = request.headers.get('origin');
  if (!origin) return; // non-browser clients (curl, server-to-server) send none and carry no ambient cookies by accident
  const host = request.headers.get('x-forwarded-host') ?? request.headers.get('host') ?? new URL(request.url).host;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    throw new ApiError('forbidden', 'Cross-site request refused');
  }
  if (originHost !== host) throw new ApiError('forbidden', 'Cross-site request refused');
}
