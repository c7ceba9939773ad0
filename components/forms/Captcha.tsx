'use client';
// The captcha a form shows when the server asks for one (CAPTCHA_SECRET with its site key): hCaptcha's official React
// component, loaded only then. Its token goes with the form; the form gives it a new key for a new challenge (after
// the server refused a token, or used it).
import { useState } from 'react';
import { lazyComponent } from '@/components/ui/lazy-component';
import type { CaptchaWidget } from '@/lib/security/captcha';

// the widget in its own chunk, in the browser only: forms download it only when captcha is on
const CaptchaBox = lazyComponent(() => import('./CaptchaBox'), { browserOnly: true });

/**
 * A form's captcha: the widget (null when captcha is off), the response to send, a check before sending, and a new
 * challenge once the server has seen a token (a token is good for one request).
 */
export function useCaptcha(widget: CaptchaWidget | null, o: { id: string; locale: string; requiredMessage: string }) {
  const [token, setToken] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  const [error, setError] = useState('');
  return {
    /** the response under the field name the API reads ({} when there is none) */
    payload: (name: string): Record<string, string> => (token ? { [name]: token } : {}),
    /** false, with the reason under the widget, while the widget asks and is not solved */
    ready(): boolean {
      const missing = Boolean(widget && !token);
      setError(missing ? o.requiredMessage : '');
      return !missing;
    },
    /** the server saw the token: a new challenge for the next try; true when it was refused and the widget says so */
    spent(refused: boolean): boolean {
      if (!widget) return false;
      setToken(null);
      setRound((r) => r + 1);
      if (refused) setError(o.requiredMessage);
      return refused;
    },
    element: widget ? (
      <CaptchaBox
        key={round}
        id={o.id}
        widget={widget}
        locale={o.locale}
        error={error || undefined}
        onToken={(next) => {
          setToken(next);
          if (next) setError('');
        }}
      />
    ) : null,
  };
}
