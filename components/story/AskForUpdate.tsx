'use client';
// "Ask for an update" (spec 7, issue 13) on the story: the button opens a short form with an optional note for the
// campaigner. The cached page cannot know who is reading, so a signed-out visitor learns it from the API (401) and is
// sent to sign in, with a way back to this section.
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { UpdateRequestSchema, type UpdateRequestInput } from '@/lib/validation/dashboard';
import { UPDATE_REQUEST_MESSAGE_MAX } from '@/lib/constants';
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
  const { register, handleSubmit, setError, formState } = useForm<z.input<typeof UpdateRequestSchema>, unknown, UpdateRequestInput>({
    resolver: zodResolver(UpdateRequestSchema),
    defaultValues: { message: '' },
  });

  const message = register('message');

  useEffect(() => {
    if (open) note.current?.focus();
    else if (reopenFocus.current) button.current?.focus();
    reopenFocus.current = false;
  }, [open]);

  async function send(values: UpdateRequestInput) {
    setFailure('');
    const r = await sendToApi<{ id: number }>('POST', `/api/fundraisers/${fundraiserId}/ask-for-update`, values.message ? values : {});
    if (!r.ok) {
      if (r.status === 401) return goTo(signInHref);
      if (r.error.fields?.message) return setError('message', { message: r.error.fields.message }, { shouldFocus: true });
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
        <form id="ask-update-form" className="ask-update-form" onSubmit={handleSubmit(send)} noValidate aria-label={labels.button}>
          <Field id="ask-update-message" label={labels.message} error={formState.errors.message?.message}>
            {(c) => (
              <textarea
                {...c}
                rows={2}
                dir="auto"
                maxLength={UPDATE_REQUEST_MESSAGE_MAX}
                {...message}
                ref={(el) => {
                  message.ref(el);
                  note.current = el;
                }}
              />
            )}
          </Field>
          {failure && (
            <p className="field-error" role="alert">
              {failure}
            </p>
          )}
          <div className="ask-update-actions">
            <button type="submit" className="btn btn-primary" disabled={formState.isSubmitting}>
              {formState.isSubmitting ? labels.sending : labels.send}
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
