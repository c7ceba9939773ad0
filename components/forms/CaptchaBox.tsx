'use client';
// hCaptcha's official React component in a field: its own chunk, loaded in the browser only when the server asks for a
// captcha (./Captcha.tsx).
import HCaptcha from '@hcaptcha/react-hcaptcha';
import type { CaptchaWidget } from '@/lib/security/captcha';

interface Props {
  widget: CaptchaWidget;
  locale: string;
  /** the token once solved; null when it expires or fails */
  onToken: (token: string | null) => void;
  error?: string;
  id: string;
}

export default function CaptchaBox({ widget, locale, onToken, error, id }: Props) {
  return (
    <div className="field captcha" id={id} data-testid="captcha">
      <HCaptcha
        sitekey={widget.siteKey}
        languageOverride={locale}
        {...(widget.scriptSource ? { scriptSource: widget.scriptSource } : {})}
        // no reports to hCaptcha's own error tracker from our donors' browsers
        sentry={false}
        onVerify={(token: string) => onToken(token)}
        onExpire={() => onToken(null)}
        onError={() => onToken(null)}
      />
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

