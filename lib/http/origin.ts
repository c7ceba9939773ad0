// Cookie-authenticated writes must come from our own pages: browsers send Sec-Fetch-Site and Origin on every POST.
import { hostFromHeaders } from './host';
import { ApiError } from './errors';

const refused = () => new ApiError('forbidden', 'Cross-site request refused');
const isJson = (request: Request) => /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(request.headers.get('content-type') ?? '');

export function assertSameOrigin(request: Request): void {
  const site = request.headers.get('sec-fetch-site');
  if (site && site !== 'same-origin' && site !== 'none') throw refused();
  const origin = request.headers.get('origin');
  if (!origin) {
    // no Origin: a non-browser client (curl, a server) is fine with JSON or a bearer token; a cookie-carrying form
    // or text/plain body could be a cross-site request from a browser that omits Origin, which JSON rules out (preflight)
    if (!site && request.headers.get('cookie') && !request.headers.get('authorization') && !isJson(request)) throw refused();
    return;
  }
  const host = hostFromHeaders((n) => request.headers.get(n), new URL(request.url).host);
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    throw refused();
  }
  if (originHost !== host) throw refused();
}

/** True when `candidate` is an absolute URL on exactly this origin: parsed origins compared, never string prefixes. */
export function isUrlOnOrigin(candidate: string, origin: string): boolean {
  try {
    const url = new URL(candidate);
    return !url.username && !url.password && url.origin === new URL(origin).origin;
  } catch {
    return false;
  }
}
