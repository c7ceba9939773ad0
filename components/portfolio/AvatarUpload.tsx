'use client';
// Profile picture upload: spec 5 rules checked here first (name, size, first bytes), then by the server,
// whose message is shown as it is.
import { useRef, useState } from 'react';
import { imageFileProblem } from '@/lib/validation/images';
import { IMAGE_EXTENSIONS, IMAGE_SNIFF_BYTES } from '@/lib/constants';
import { forgetSignIn } from '@/components/auth/client-session';

export type AvatarLabels = Record<'heading' | 'choose' | 'help' | 'uploading' | 'saved' | 'alt' | 'none' | 'failed' | 'signInAgain', string>;

const ACCEPT = [...IMAGE_EXTENSIONS.map((e) => `.${e}`), 'image/jpeg', 'image/png', 'image/gif', 'image/bmp'].join(',');

/** The first bytes of a file, through FileReader where Blob.arrayBuffer is missing (older browsers). */
function headOf(file: File): Promise<Uint8Array> {
  const part = file.slice(0, IMAGE_SNIFF_BYTES);
  if (typeof part.arrayBuffer === 'function') return part.arrayBuffer().then((b) => new Uint8Array(b));
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(part);
  });
}

export function AvatarUpload({ current, labels, signInHref }: { current: string | null; labels: AvatarLabels; signInHref: string }) {
  const [avatar, setAvatar] = useState(current);
  const [error, setError] = useState('');
  const [state, setState] = useState<'idle' | 'uploading' | 'saved' | 'signed-out'>('idle');
  const input = useRef<HTMLInputElement>(null);

  async function upload(file: File) {
    setError('');
    setState('idle');
    const problem = imageFileProblem(file, await headOf(file));
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
            accept={ACCEPT}
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
