'use client';
// A private story is never in the cached page: after a right PIN (or with the cookie from an earlier
// one) the browser fetches it from the API, which checks the sealed pin_access cookie.
import { useEffect, useState } from 'react';

interface Labels {
  title: string;
  text: string;
  pin: string;
  submit: string;
  checking: string;
  wrong: string;
  locked: string;
  invalid: string;
  failed: string;
}

type State = { kind: 'checking' } | { kind: 'locked-out'; message?: string } | { kind: 'open'; html: string };

async function loadStory(id: number): Promise<string | null> {
  const r = await fetch(`/api/fundraisers/${id}`, { credentials: 'same-origin', cache: 'no-store' });
  if (!r.ok) return null;
  const body = (await r.json()) as { data: { pin_required: boolean; story_html: string | null } };
  return body.data.pin_required ? null : (body.data.story_html ?? '');
}

export function PinGate({ fundraiserId, labels }: { fundraiserId: number; labels: Labels }) {
  const [state, setState] = useState<State>({ kind: 'checking' });
  const [pin, setPin] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    loadStory(fundraiserId)
      .then((html) => setState(html === null ? { kind: 'locked-out' } : { kind: 'open', html }))
      .catch(() => setState({ kind: 'locked-out' }));
  }, [fundraiserId]);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!/^\d{4,8}$/.test(pin.trim())) return setState({ kind: 'locked-out', message: labels.invalid });
    setBusy(true);
    try {
      const r = await fetch(`/api/fundraisers/${fundraiserId}/verify-pin`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ pin: pin.trim() }),
        credentials: 'same-origin',
      });
      if (r.ok) {
        const html = await loadStory(fundraiserId);
        setState(html === null ? { kind: 'locked-out', message: labels.failed } : { kind: 'open', html });
      } else {
        setState({ kind: 'locked-out', message: r.status === 429 ? labels.locked : r.status === 422 ? labels.invalid : labels.wrong });
      }
    } catch {
      setState({ kind: 'locked-out', message: labels.failed });
    } finally {
      setBusy(false);
    }
  }

  if (state.kind === 'open') return <div className="story-body" data-testid="story-body" dangerouslySetInnerHTML={{ __html: state.html }} />;
  const error = state.kind === 'locked-out' ? state.message : undefined;
  return (
    <form className="panel pin-form" onSubmit={submit} noValidate aria-describedby="pin-text">
      <h3>{labels.title}</h3>
      <p id="pin-text">{labels.text}</p>
      <label htmlFor="story-pin">{labels.pin}</label>
      <div className="pin-row">
        <input
          id="story-pin"
          name="pin"
          inputMode="numeric"
          autoComplete="off"
          maxLength={8}
          value={pin}
          onChange={(e) => setPin(e.target.value.replace(/\D/g, ''))}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'pin-error' : undefined}
          disabled={state.kind === 'checking'}
        />
        <button className="btn btn-primary" type="submit" disabled={busy || state.kind === 'checking'}>
          {busy ? labels.checking : labels.submit}
        </button>
      </div>
      {error && (
        <p id="pin-error" className="field-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
