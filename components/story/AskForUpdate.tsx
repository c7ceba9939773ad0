'use client';
// "Ask for an update" (spec 7) on the story: the button opens a short form with an optional note for the
// campaigner. The cached page cannot know who is reading, so a signed-out visitor learns it from the API (401) and is
// sent to sign in, with a way back to this section.
// One optional note, its length held by maxLength and checked again by the server (UpdateRequestSchema): plain state,
// not zod and react-hook-form, which would add 51 kB gzip to the story page's JavaScript (npm run bench:js).
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { UPDATE_REQUEST_MESSAGE_MAX } from '@/lib/constants/story';
import { UPDATE_REQUEST_MESSAGES } from '@/lib/validation/update-request-messages';
import { goTo, sendToApi } from '@/components/auth/client-session';
import { Field } from '@/components/forms/Field';

export type AskForUpdateLabels = Record<'button' | 'message' | 'send' | 'cancel' | 'sending' | 'sent' | 'already' | 'failed', string>;

interface Props {
  fundraiserId: number;
  /** the sign-in page, with redirect_uri back to the story's updates */
  signInHref: string;
  labels: AskForUpdateLabels;
}

export function AskForUpdate({ fundraiserId, signInHref, labels }: Props) {
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState<'' | 'sent' | 'already'>('');
  const [failure, setFailure] = useState('');
  const button = useRef<HTMLButtonElement>(null);
  const reopenFocus = useRef(false);
  const note = useRef<HTMLTextAreaElement | null>(null);
  const [message, setMessage] = useState('');
  const [messageError, setMessageError] = useState('');
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (open) note.current?.focus();
    else if (reopenFocus.current) button.current?.focus();
    reopenFocus.current = false;
  }, [open]);

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure('');
    const text = message.trim();
    // a pasted note past maxLength: said under the field, nothing sent
    if (text.length > UPDATE_REQUEST_MESSAGE_MAX) {
      setMessageError(UPDATE_REQUEST_MESSAGES.message);
      return note.current?.focus();
    }
    setMessageError('');
    setSending(true);
    const r = await sendToApi<{ id: number }>('POST', `/api/fundraisers/${fundraiserId}/ask-for-update`, text ? { message: text } : {});
    setSending(false);
    if (!r.ok) {
      if (r.status === 401) return goTo(signInHref);
      if (r.error.fields?.message) {
        setMessageError(r.error.fields.message);
        return note.current?.focus();
      }
      return setFailure(r.error.message || labels.failed);
    }
    // 201: asked now; 200: the same request was already open
    setDone(r.status === 201 ? 'sent' : 'already');
    setOpen(false);
  }

  return (
    <div className="ask-update" data-testid="ask-for-update">
      <div aria-live="polite">{done && <p className="notice-success">{done === 'sent' ? labels.sent : labels.already}</p>}</div>
      {!done && !open && (
        <button ref={button} type="button" className="btn btn-secondary" onClick={() => setOpen(true)} aria-expanded={false} aria-controls="ask-update-form">
          {labels.button}
        </button>
      )}
      {!done && open && (
        <form id="ask-update-form" className="ask-update-form" onSubmit={send} noValidate aria-label={labels.button}>
          <Field id="ask-update-message" label={labels.message} error={messageError || undefined}>
            {(c) => (
              <textarea
                {...c}
                rows={2}
                dir="auto"
                maxLength={UPDATE_REQUEST_MESSAGE_MAX}
                value={message}
                onChange={(e) => setMessage(e.target.value)}
                ref={note}
              />
            )}
          </Field>
          {failure && (
            <p className="field-error" role="alert">
              {failure}
            </p>
          )}
          <div className="ask-update-actions">
            <button type="submit" className="btn btn-primary" disabled={sending}>
              {sending ? labels.sending : labels.send}
            </button>
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => {
                reopenFocus.current = true;
                setFailure('');
                setOpen(false);
              }}
            >
              {labels.cancel}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
