'use client';
// Posting a comment needs sign-in: the cached page cannot know who is reading, so the API answers 401 and we offer sign-in.
import { useState } from 'react';

interface Labels {
  label: string;
  placeholder: string;
  submit: string;
  signIn: string;
  posted: string;
  failed: string;
}

export function CommentForm({ action, signInHref, labels, id }: { action: string; signInHref: string; labels: Labels; id: string }) {
  const [text, setText] = useState('');
  const [status, setStatus] = useState<'idle' | 'busy' | 'posted' | 'sign-in' | 'error'>('idle');
  const [error, setError] = useState('');
  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setStatus('busy');
    try {
      const r = await fetch(action, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ comment: text }), credentials: 'same-origin' });
      if (r.status === 401) return setStatus('sign-in');
      if (!r.ok) {
        const body = (await r.json().catch(() => null)) as { error?: { fields?: Record<string, string>; message?: string } } | null;
        setError(body?.error?.fields?.comment ?? body?.error?.message ?? labels.failed);
        return setStatus('error');
      }
      setText('');
      setStatus('posted');
    } catch {
      setError(labels.failed);
      setStatus('error');
    }
  }
  return (
    <form className="comment-form" onSubmit={submit}>
      <label htmlFor={id} className="visually-hidden">
        {labels.label}
      </label>
      <textarea id={id} rows={2} value={text} onChange={(e) => setText(e.target.value)} placeholder={labels.placeholder} required maxLength={1000} />
      <button className="btn btn-secondary" type="submit" disabled={status === 'busy' || !text.trim()}>
        {labels.submit}
      </button>
      <p role="status" className="muted">
        {status === 'posted' && labels.posted}
        {status === 'sign-in' && <a href={signInHref}>{labels.signIn}</a>}
        {status === 'error' && <span className="field-error">{error}</span>}
      </p>
    </form>
  );
}
