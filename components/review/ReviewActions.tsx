'use client';
// A reviewer's decision on a fundraiser under review: approve it (live at once) or send it back with a
// reason. ReviewDecisionSchema checks the reason here and again in POST /api/reviews/{id}. The same
// decision on a live fundraiser's held change of words or held update, at its own endpoint.
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { z } from 'zod';
import { ReviewDecisionSchema } from '@/lib/validation/drafts';
import type { REVIEW_SEND_BACK_CATEGORIES } from '@/lib/constants/fundraisers';
import { storyPath } from '@/lib/routes';
import { postJson } from '@/components/auth/client-session';
import { Field } from '@/components/forms/Field';

export type ReviewActionLabels = Record<
  'approve' | 'approveHint' | 'sendBackHeading' | 'reason' | 'reasonHint' | 'reasonTooShort' | 'sendBack' | 'sending' | 'approved' | 'sentBack' | 'viewStory' | 'failed',
  string
>;

interface Props {
  fundraiserId: number;
  /** where the decision goes: POST /api/reviews/{id} unless a held change's or update's own */
  endpoint?: string;
  /** several decisions on one page keep their own element ids */
  idPrefix?: string;
  /** '' for English, '/hi' and so on: the approved story's link stays in the reviewer's language */
  localePrefix: string;
  labels: ReviewActionLabels;
  /** what the page says before the decision (status, submitted on): replaced by the outcome once decided */
  children?: ReactNode;
  /** a fundraiser's send-back asks what kind of change it is (counted on the transparency page), with its label */
  categories?: { label: string; options: { value: SendBackCategory; label: string }[] };
}
type SendBackCategory = (typeof REVIEW_SEND_BACK_CATEGORIES)[number];

type ReviewDecision = z.output<typeof ReviewDecisionSchema>;
type Outcome = { decision: 'approve'; customTag: string | null } | { decision: 'send_back' };

const REASON_MIN_LENGTH = ReviewDecisionSchema.options[1].shape.reason.minLength ?? undefined;
const REASON_MAX_LENGTH = ReviewDecisionSchema.options[1].shape.reason.maxLength ?? undefined;

export function ReviewActions({ fundraiserId, endpoint = `/api/reviews/${fundraiserId}`, idPrefix = 'review', localePrefix, labels, children, categories }: Props) {
  const [reason, setReason] = useState('');
  const [category, setCategory] = useState<SendBackCategory>(categories?.options[0]?.value ?? 'other');
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [reasonError, setReasonError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const outcomeRef = useRef<HTMLDivElement>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);

  function showReasonError(message: string) {
    setReasonError(message);
    reasonRef.current?.focus();
  }

  async function decide(decision: ReviewDecision) {
    setSending(true);
    setFailure(undefined);
    setReasonError(undefined);
    const answer = await postJson<{ custom_tag: string | null }>(endpoint, decision);
    setSending(false);
    if (answer.ok) {
      setOutcome(decision.decision === 'approve' ? { decision: 'approve', customTag: answer.data?.custom_tag ?? null } : { decision: 'send_back' });
      // the buttons are gone: keyboard and screen reader users land on what happened
      requestAnimationFrame(() => outcomeRef.current?.focus());
      return;
    }
    const { fields, message } = answer.error;
    if (decision.decision === 'send_back' && fields?.reason) showReasonError(fields.reason);
    else setFailure(message || labels.failed);
  }

  function sendBack(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const decision = ReviewDecisionSchema.safeParse({ decision: 'send_back', reason, ...(categories ? { category } : {}) });
    if (!decision.success) {
      const issue = decision.error.issues[0];
      return showReasonError(issue?.code === 'too_small' || !issue ? labels.reasonTooShort : issue.message);
    }
    // a held change or update has no kind to count: its send-back carries the reason alone
    void decide(categories ? decision.data : ({ decision: 'send_back', reason: reason.trim() } as ReviewDecision));
  }

  return (
    <div className="review-actions" aria-busy={sending}>
      {!outcome && children}
      <div ref={outcomeRef} role="status" tabIndex={-1} className="review-outcome" data-testid={`${idPrefix}-outcome`}>
        {outcome?.decision === 'approve' && (
          <p className="review-done">
            {labels.approved}
            {outcome.customTag && (
              <>
                {' '}
                <a href={`${localePrefix}${storyPath(outcome.customTag)}`}>{labels.viewStory}</a>
              </>
            )}
          </p>
        )}
        {outcome?.decision === 'send_back' && <p className="review-done">{labels.sentBack}</p>}
        {sending && <p className="muted">{labels.sending}</p>}
      </div>
      {!outcome && (
        <>
          <div className="review-approve">
            <button type="button" className="btn btn-primary btn-block" disabled={sending} onClick={() => void decide({ decision: 'approve' })} aria-describedby={`${idPrefix}-approve-hint`}>
              {labels.approve}
            </button>
            <p id={`${idPrefix}-approve-hint`} className="field-hint">
              {labels.approveHint}
            </p>
          </div>
          <form className="review-send-back" onSubmit={sendBack} noValidate aria-labelledby={`${idPrefix}-send-back-heading`}>
            <h3 id={`${idPrefix}-send-back-heading`}>{labels.sendBackHeading}</h3>
            {categories && (
              <Field id={`${idPrefix}-category`} label={categories.label}>
                {(control) => (
                  <select {...control} value={category} onChange={(e) => setCategory(e.target.value as SendBackCategory)}>
                    {categories.options.map((o) => (
                      <option key={o.value} value={o.value}>
                        {o.label}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            )}
            <Field id={`${idPrefix}-reason`} label={labels.reason} hint={labels.reasonHint} error={reasonError}>
              {(control) => (
                <textarea
                  {...control}
                  name="reason"
                  rows={4}
                  required
                  minLength={REASON_MIN_LENGTH}
                  maxLength={REASON_MAX_LENGTH}
                  ref={reasonRef}
                  value={reason}
                  onChange={(e) => {
                    setReason(e.target.value);
                    if (reasonError) setReasonError(undefined);
                  }}
                />
              )}
            </Field>
            <button type="submit" className="btn btn-secondary btn-block" disabled={sending}>
              {labels.sendBack}
            </button>
          </form>
          {failure && (
            <p className="field-error" role="alert">
              {failure}
            </p>
          )}
        </>
      )}
    </div>
  );
}
