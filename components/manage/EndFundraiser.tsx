'use client';
// Ending a fundraiser early: one button, then a confirm step that says what happens (donations stop, no
// undo). Focus moves to the question when it opens and back to the button when it is cancelled; Escape cancels too.
import { useEffect, useRef, useState } from 'react';
import { useRouter } from 'next/navigation';
import { sendToApi } from '@/components/auth/client-session';
import type { EndedFundraiser } from '@/lib/fundraisers/end';

export type EndFundraiserLabels = Record<'heading' | 'intro' | 'button' | 'confirmTitle' | 'confirmText' | 'confirm' | 'cancel' | 'ending' | 'ended' | 'failed', string>;

interface Props {
  fundraiserId: number;
  /** only a running fundraiser can be ended; once this one is, its notice stays until the page is left */
  running: boolean;
  labels: EndFundraiserLabels;
}

type Step = 'idle' | 'confirm' | 'ending' | 'ended';

export function EndFundraiser({ fundraiserId, running, labels }: Props) {
  const router = useRouter();
  const [step, setStep] = useState<Step>('idle');
  const [failure, setFailure] = useState('');
  const trigger = useRef<HTMLButtonElement>(null);
  const question = useRef<HTMLHeadingElement>(null);
  const notice = useRef<HTMLParagraphElement>(null);
  // where focus goes after the step changes: the question, back to the button, or the final notice
  const focusNext = useRef<'question' | 'trigger' | 'notice' | null>(null);

  useEffect(() => {
    const next = focusNext.current;
    focusNext.current = null;
    if (next) ({ question, trigger, notice })[next].current?.focus();
  }, [step]);

  if (!running && step !== 'ended') return null;

  function open() {
    setFailure('');
    focusNext.current = 'question';
    setStep('confirm');
  }

  function cancel() {
    setFailure('');
    focusNext.current = 'trigger';
    setStep('idle');
  }

  async function endNow() {
    setFailure('');
    setStep('ending');
    const r = await sendToApi<EndedFundraiser>('POST', `/api/campaigns/${fundraiserId}/end`);
    if (!r.ok) {
      setFailure(r.error.message || labels.failed);
      focusNext.current = 'question';
      return setStep('confirm');
    }
    focusNext.current = 'notice';
    setStep('ended');
    // the status, the figures and the blocks that only a running fundraiser has are the server's part of the page
    router.refresh();
  }

  return (
    <section className="panel manage-block end-fundraiser" aria-labelledby="end-heading" data-testid="end-fundraiser">
      <h2 id="end-heading">{labels.heading}</h2>
      {step === 'ended' ? (
        <p ref={notice} tabIndex={-1} role="status" className="notice-success">
          {labels.ended}
        </p>
      ) : (
        <>
          <p className="muted">{labels.intro}</p>
          {step === 'idle' ? (
            <button ref={trigger} type="button" className="btn btn-secondary btn-danger" onClick={open} aria-expanded={false} aria-controls="end-confirm">
              {labels.button}
            </button>
          ) : (
            <div
              id="end-confirm"
              className="end-confirm"
              role="group"
              aria-labelledby="end-confirm-title"
              aria-describedby="end-confirm-text"
              onKeyDown={(e) => {
                if (e.key === 'Escape' && step === 'confirm') cancel();
              }}
            >
              <h3 id="end-confirm-title" ref={question} tabIndex={-1}>
                {labels.confirmTitle}
              </h3>
              <p id="end-confirm-text">{labels.confirmText}</p>
              {failure && (
                <p className="field-error" role="alert">
                  {failure}
                </p>
              )}
              <div className="end-confirm-actions">
                <button type="button" className="btn btn-primary btn-danger" onClick={endNow} disabled={step === 'ending'}>
                  {step === 'ending' ? labels.ending : labels.confirm}
                </button>
                <button type="button" className="btn btn-secondary" onClick={cancel} disabled={step === 'ending'}>
                  {labels.cancel}
                </button>
              </div>
            </div>
          )}
        </>
      )}
    </section>
  );
}
