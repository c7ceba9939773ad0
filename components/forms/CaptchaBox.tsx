'use client';
// hCaptcha's official React component in a field: its own chunk, loaded only when the server asks for a captcha.
import { lazyComponent } from '@/components/ui/lazy-component';
import type { CaptchaWidget } from '@/lib/security/captcha';

// hCaptcha's script only in the browser
const HCaptcha = lazyComponent(() => import('@hcaptcha/react-hcaptcha'), { browserOnly: true });

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

