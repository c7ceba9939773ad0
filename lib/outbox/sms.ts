// SMS through a provider's HTTP API (MSG91, Twilio and the like sit behind an endpoint of this shape):
// POST JSON { to, text, sender } with the API key as a bearer token; any 2xx means accepted.
import { SMS_DEFAULT_COUNTRY_CODE, SMS_TIMEOUT_MS } from '../constants/outbox';

export interface SmsTransport {
  sendSms(message: { to: string; text: string }): Promise<void>;
}

/** Our phones are stored as 10 Indian digits (spec 5); providers want the international form. */
export const internationalPhone = (phone: string) => (/^\d{10}$/.test(phone) ? `${SMS_DEFAULT_COUNTRY_CODE}${phone}` : phone.startsWith('+') ? phone : `+${phone}`);

export function httpSmsTransport(url: string, apiKey: string, sender: string): SmsTransport {
  return {
    async sendSms({ to, text }) {
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
          body: JSON.stringify({ to: internationalPhone(to), text, sender }),
          signal: AbortSignal.timeout(SMS_TIMEOUT_MS),
        });
      } catch (error) {
        // no answer at all: the sender treats it as the provider being down (no responseCode)
        throw new Error(`SMS provider unreachable: ${(error as Error).message}`);
      }
      if (!response.ok) throw Object.assign(new Error(`SMS provider answered ${response.status}: ${(await response.text()).slice(0, 200)}`), { responseCode: response.status });
    },
  };
}
