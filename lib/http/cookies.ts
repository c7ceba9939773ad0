// Reading one cookie from a Request and writing Set-Cookie values with safe defaults.
export function cookieValue(request: Request, name: string): string | null {
  return cookieFromHeader(request.headers.get('cookie'), name);
}

/** One cookie out of a Cookie header (also for Node's IncomingMessage headers). */
export function cookieFromHeader(header: string | null | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

export function setCookieHeader(name: string, value: string, opts: { maxAgeS: number; httpOnly?: boolean; secure: boolean }): string {
  return [
    `${name}=${encodeURIComponent(value)}`,
    'Path=/',
    `Max-Age=${opts.maxAgeS}`,
    'SameSite=Lax',
    opts.httpOnly === false ? '' : 'HttpOnly',
    opts.secure ? 'Secure' : '',
  ]
    .filter(Boolean)
    .join('; ');
}

/** Secure cookies only over HTTPS (the demo runs on http://localhost). */
export const isHttps = (request: Request) => new URL(request.url).protocol === 'https:' || request.headers.get('x-forwarded-proto') === 'https';
