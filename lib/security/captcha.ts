// Captcha check of the cart payload (spec 3 captcha response), when a provider is configured. hCaptcha and
// Cloudflare Turnstile share the siteverify protocol: form-encoded secret + response (+ remoteip) -> { success }.
import { env } from '../env';
import { ApiError } from '../http/errors';

export const CAPTCHA_MESSAGE = 'Please complete the captcha';

/** What a page needs to render the widget where the server will ask for a response; null when captcha is off. */
export interface CaptchaWidget {
  siteKey: string;
  /** hCaptcha's api.js, when not its default host */
  scriptSource?: string;
}

export function captchaWidget(): CaptchaWidget | null {
  const { CAPTCHA_SECRET, CAPTCHA_SITE_KEY, CAPTCHA_SCRIPT_URL } = env();
  if (!CAPTCHA_SECRET || !CAPTCHA_SITE_KEY) return null;
  return { siteKey: CAPTCHA_SITE_KEY, ...(CAPTCHA_SCRIPT_URL ? { scriptSource: CAPTCHA_SCRIPT_URL } : {}) };
}

export async function verifyCaptcha(response: string | undefined, remoteIp: string): Promise<void> {
  const { CAPTCHA_SECRET: secret, CAPTCHA_VERIFY_URL: url } = env();
  if (!secret) return;
  if (!response) throw new ApiError('validation_failed', CAPTCHA_MESSAGE, { captcha_response: CAPTCHA_MESSAGE });
  let ok = false;
  try {
    const r = await fetch(url, { method: 'POST', body: new URLSearchParams({ secret, response, remoteip: remoteIp }), signal: AbortSignal.timeout(5000) });
    ok = r.ok && ((await r.json()) as { success?: boolean }).success === true;
  } catch {
    ok = false; // a provider we cannot reach does not let carts through
  }
  if (!ok) throw new ApiError('validation_failed', CAPTCHA_MESSAGE, { captcha_response: CAPTCHA_MESSAGE });
}
