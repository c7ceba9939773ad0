'use client';
// The button of the update-email unsubscribe page: it posts the link's signed token. The page itself is
// a GET that changes nothing, because mail scanners open every link in an email.
import { useState } from 'react';
import { sendToApi } from '@/components/auth/client-session';

export type UpdateOptOutLabels = Record<'submit' | 'sending' | 'done' | 'failed', string>;

export function UpdateOptOutForm({ fundraiserId, token, labels }: { fundraiserId: number; token: string; labels: UpdateOptOutLabels }) {
  const [state, setState] = useState<'ready' | 'sending' | 'done'>('ready');
  const [failure, setFailure] = useState('');

  async function send(e: React.FormEvent) {
    e.preventDefault();
    setState('sending');
    setFailure('');
    const r = await sendToApi<{ opted_out: boolean }>('POST', `/api/fundraisers/${fundraiserId}/updates/opt-out`, { token });
    if (r.ok) return setState('done');
    setState('ready');
    setFailure(r.error.message || labels.failed);
  }

  return (
    <form className="opt-out-form" onSubmit={send}>
      {state !== 'done' && (
        <button type="submit" className="btn btn-primary" disabled={state === 'sending'}>
          {state === 'sending' ? labels.sending : labels.submit}
        </button>
      )}
      <div aria-live="polite">
        {state === 'done' && <p className="notice-success">{labels.done}</p>}
        {failure && <p className="field-error">{failure}</p>}
      </div>
    </form>
  );
}
