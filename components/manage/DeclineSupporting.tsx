'use client';
// Declining one supporting fundraiser: a button, then a confirm step that says there is no undo. Focus
// moves to the question when it opens, back to the button when cancelled, and to the outcome once declined.
import { useEffect, useRef, useState } from 'react';
import { sendToApi } from '@/components/auth/client-session';
import type { SupportingView } from '@/lib/fundraisers/supporting-view';

export type DeclineSupportingLabels = Record<'decline' | 'confirm' | 'cancel' | 'declining' | 'declined' | 'failed', string>;

interface Props {
  parentId: number;
  supportingId: number;
  /** where it stands now, in words */
  status: string;
  /** the confirm question, naming it */
  question: string;
  labels: DeclineSupportingLabels;
}

type Step = 'idle' | 'confirm' | 'declining' | 'declined';

export function DeclineSupporting({ parentId, supportingId, status, question, labels }: Props) {
  const [step, setStep] = useState<Step>('idle');
  const [failure, setFailure] = useState('');
  const trigger = useRef<HTMLButtonElement>(null);
  const prompt = useRef<HTMLParagraphElement>(null);
  const outcome = useRef<HTMLParagraphElement>(null);
  const focusNext = useRef<'prompt' | 'trigger' | 'outcome' | null>(null);

  useEffect(() => {
    const next = focusNext.current;
    focusNext.current = null;
    if (next) ({ prompt, trigger, outcome })[next].current?.focus();
  }, [step]);

  function go(next: Step, focus: typeof focusNext.current) {
    focusNext.current = focus;
    setStep(next);
  }

  async function decline() {
    setFailure('');
    setStep('declining');
    const r = await sendToApi<SupportingView>('POST', `/api/fundraisers/${parentId}/supporting/${supportingId}/decline`);
    if (!r.ok) {
      setFailure(r.error.message || labels.failed);
      return go('confirm', 'prompt');
    }
    go('declined', 'outcome');
  }

  if (step === 'declined')
    return (
      <p ref={outcome} tabIndex={-1} role="status" className="supporting-item-status">
        {labels.declined}
      </p>
    );

  return (
    <div className="supporting-decline" onKeyDown={(e) => e.key === 'Escape' && step === 'confirm' && go('idle', 'trigger')}>
      <p className="supporting-item-status">{status}</p>
      {step === 'idle' ? (
        <button ref={trigger} type="button" className="btn btn-secondary" onClick={() => go('confirm', 'prompt')}>
          {labels.decline}
        </button>
      ) : (
        <div role="group" aria-labelledby={`decline-${supportingId}`}>
          <p id={`decline-${supportingId}`} ref={prompt} tabIndex={-1}>
            {question}
          </p>
          <div className="supporting-decline-actions">
            <button type="button" className="btn btn-primary" disabled={step === 'declining'} onClick={() => void decline()}>
              {step === 'declining' ? labels.declining : labels.confirm}
            </button>
            <button type="button" className="btn btn-secondary" disabled={step === 'declining'} onClick={() => go('idle', 'trigger')}>
              {labels.cancel}
            </button>
          </div>
          {failure && (
            <p className="field-error" role="alert">
              {failure}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
