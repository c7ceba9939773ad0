'use client';
// A reviewer's decision on one withdrawal: approve or reject (with a reason for the campaigner) one that was
// asked for, then mark an approved one paid with the bank's reference. WithdrawalDecisionSchema checks the reason and the
// reference here and again in POST /api/withdrawals/{id}.
import { useRef, useState, type FormEvent } from 'react';
import { WithdrawalDecisionSchema, type WithdrawalDecision as Decision, type WithdrawalStatus } from '@/lib/validation/withdrawals';
import { WITHDRAWAL_REFERENCE_MAX, WITHDRAWAL_REASON_MAX } from '@/lib/constants/withdrawals';
import { postJson } from '@/components/auth/client-session';
import { Field } from '@/components/forms/Field';
import type { WithdrawalDecisionLabels } from '@/components/manage/withdrawal-labels';

interface Props {
  withdrawalId: number;
  status: WithdrawalStatus;
  labels: WithdrawalDecisionLabels;
}

const OUTCOME: Record<Decision['decision'], 'approved' | 'rejected' | 'paid'> = { approve: 'approved', reject: 'rejected', paid: 'paid' };

export function WithdrawalDecision({ withdrawalId, status: initial, labels }: Props) {
  const [status, setStatus] = useState(initial);
  const [reason, setReason] = useState('');
  const [reference, setReference] = useState('');
  const [errors, setErrors] = useState<{ reason?: string; reference?: string }>({});
  const [failure, setFailure] = useState('');
  const [outcome, setOutcome] = useState('');
  const [sending, setSending] = useState(false);
  const outcomeRef = useRef<HTMLDivElement>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const referenceRef = useRef<HTMLInputElement>(null);
  const id = `withdrawal-${withdrawalId}`;

  function showFieldError(field: 'reason' | 'reference', message: string) {
    setErrors({ [field]: message });
    (field === 'reason' ? reasonRef : referenceRef).current?.focus();
  }

  async function decide(decision: Decision) {
    if (sending) return;
    setSending(true);
    setFailure('');
    setErrors({});
    setOutcome('');
    const answer = await postJson<{ status: WithdrawalStatus }>(`/api/withdrawals/${withdrawalId}`, decision);
    setSending(false);
    if (answer.ok) {
      setStatus(answer.data?.status ?? OUTCOME[decision.decision]);
      setOutcome(labels[OUTCOME[decision.decision]]);
      // the buttons just pressed are gone: keyboard and screen reader users land on what happened
      requestAnimationFrame(() => outcomeRef.current?.focus());
      return;
    }
    const { fields, message } = answer.error;
    if (decision.decision === 'reject' && fields?.reason) showFieldError('reason', fields.reason);
    else if (decision.decision === 'paid' && fields?.reference) showFieldError('reference', fields.reference);
    else setFailure(message || labels.failed);
  }

  /** Checks a reject or paid decision with the shared schema; its first message goes under the field. */
  function submit(event: FormEvent<HTMLFormElement>, field: 'reason' | 'reference', raw: unknown) {
    event.preventDefault();
    const parsed = WithdrawalDecisionSchema.safeParse(raw);
    if (!parsed.success) return showFieldError(field, parsed.error.issues[0]?.message ?? labels.failed);
    void decide(parsed.data);
  }

  return (
    <div className="withdrawal-decision" aria-busy={sending}>
      <p>
        <span className="withdrawal-status" data-status={status} data-testid="withdrawal-status">
          {labels.statuses[status]}
        </span>
      </p>
      <div ref={outcomeRef} role="status" tabIndex={-1} className="withdrawal-outcome">
        {outcome && <p className="withdrawal-done">{outcome}</p>}
        {sending && <p className="muted">{labels.sending}</p>}
      </div>
      {failure && (
        <p className="notice-error" role="alert">
          {failure}
        </p>
      )}
      {status === 'requested' && (
        <>
          <div className="withdrawal-approve">
            <button type="button" className="btn btn-primary" disabled={sending} onClick={() => void decide({ decision: 'approve' })} aria-describedby={`${id}-approve-hint`}>
              {labels.approve}
            </button>
            <p id={`${id}-approve-hint`} className="field-hint">
              {labels.approveHint}
            </p>
          </div>
          <form className="withdrawal-form" noValidate aria-labelledby={`${id}-reject-heading`} onSubmit={(e) => submit(e, 'reason', { decision: 'reject', reason })}>
            <h3 id={`${id}-reject-heading`}>{labels.rejectHeading}</h3>
            <Field id={`${id}-reason`} label={labels.reason} hint={labels.reasonHint} error={errors.reason}>
              {(c) => (
                <textarea
                  {...c}
                  ref={reasonRef}
                  rows={3}
                  dir="auto"
                  required
                  maxLength={WITHDRAWAL_REASON_MAX}
                  value={reason}
                  onChange={(e) => {
                    setReason(e.target.value);
                    if (errors.reason) setErrors({});
                  }}
                />
              )}
            </Field>
            <button type="submit" className="btn btn-secondary" disabled={sending}>
              {labels.reject}
            </button>
          </form>
        </>
      )}
      {status === 'approved' && (
        <form className="withdrawal-form" noValidate aria-labelledby={`${id}-paid-heading`} onSubmit={(e) => submit(e, 'reference', { decision: 'paid', reference })}>
          <h3 id={`${id}-paid-heading`}>{labels.paidHeading}</h3>
          <Field id={`${id}-reference`} label={labels.reference} hint={labels.referenceHint} error={errors.reference}>
            {(c) => (
              <input
                {...c}
                ref={referenceRef}
                dir="ltr"
                autoComplete="off"
                spellCheck={false}
                required
                maxLength={WITHDRAWAL_REFERENCE_MAX}
                value={reference}
                onChange={(e) => {
                  setReference(e.target.value);
                  if (errors.reference) setErrors({});
                }}
              />
            )}
          </Field>
          <button type="submit" className="btn btn-primary" disabled={sending}>
            {labels.markPaid}
          </button>
        </form>
      )}
    </div>
  );
}
