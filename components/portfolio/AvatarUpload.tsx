'use client';
// Profile picture upload: spec 5 rules checked here first (name, size, first bytes), then by the server,
// whose message is shown as it is.
import { useRef, useState } from 'react';
import { chosenImageProblem, IMAGE_ACCEPT } from '@/components/forms/image-file';
import { forgetSignIn } from '@/components/auth/client-session';

export type AvatarLabels = Record<'heading' | 'choose' | 'help' | 'uploading' | 'saved' | 'alt' | 'none' | 'failed' | 'signInAgain', string>;

export function AvatarUpload({ current, labels, signInHref }: { current: string | null; labels: AvatarLabels; signInHref: string }) {
  const [avatar, setAvatar] = useState(current);
  const [error, setError] = useState('');
  const [state, setState] = useState<'idle' | 'uploading' | 'saved' | 'signed-out'>('idle');
  const input = useRef<HTMLInputElement>(null);

  async function upload(file: File) {
    setError('');
    setState('idle');
    const problem = await chosenImageProblem(file);
    if (problem) {
      if (input.current) input.current.value = '';
      return setError(problem);
    }
    setState('uploading');
    const form = new FormData();
    form.append('file', file);
    try {
      const r = await fetch('/api/users/me/avatar', { method: 'POST', body: form, credentials: 'same-origin' });
      const body = (await r.json().catch(() => null)) as { data?: { avatar: string }; error?: { message?: string; fields?: Record<string, string> } } | null;
      if (r.ok && body?.data) {
        setAvatar(body.data.avatar);
        return setState('saved');
      }
      if (r.status === 401) {
        forgetSignIn();
        return setState('signed-out');
      }
      setState('idle');
      setError(body?.error?.fields?.file ?? body?.error?.message ?? labels.failed);
    } catch {
      setState('idle');
      setError(labels.failed);
    }
  }

  return (
    <section className="avatar-upload" aria-labelledby="avatar-heading">
      <h2 id="avatar-heading">{labels.heading}</h2>
      <div className="avatar-row">
        {avatar ? (
          // eslint-disable-next-line @next/next/no-img-element -- uploaded pictures are served as stored, at a fixed small size
          <img src={avatar} alt={labels.alt} width={96} height={96} className="avatar" data-testid="avatar" />
        ) : (
          <span className="avatar avatar-empty" role="img" aria-label={labels.none} />
        )}
        <div className="field">
          <label htmlFor="avatar-file">{labels.choose}</label>
          <input
            ref={input}
            id="avatar-file"
            type="file"
            accept={IMAGE_ACCEPT}
            aria-describedby={error ? 'avatar-help avatar-error' : 'avatar-help'}
            aria-invalid={error ? true : undefined}
            disabled={state === 'uploading'}
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) void upload(file);
            }}
          />
          <p id="avatar-help" className="muted hint">
            {labels.help}
          </p>
          {error && (
            <p id="avatar-error" className="field-error" role="alert">
              {error}
            </p>
          )}
        </div>
      </div>
      <div aria-live="polite">
        {state === 'uploading' && <p className="muted">{labels.uploading}</p>}
        {state === 'saved' && (
          <p className="notice-success" role="status">
            {labels.saved}
          </p>
        )}
        {state === 'signed-out' && (
          <p className="field-error">
            <a href={signInHref}>{labels.signInAgain}</a>
          </p>
        )}
      </div>
    </section>
  );
}
