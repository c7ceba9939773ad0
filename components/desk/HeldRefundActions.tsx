'use client';
// Finance's decision on a held refund: release it to the gateway, or cancel it with a reason the audit log keeps.
import { useState, type FormEvent } from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { HeldRefundDecisionSchema, type HeldRefundDecision } from '@/lib/validation/desk';
import { DESK_REASON_MAX } from '@/lib/constants/desk';
import { postJson } from '@/components/auth/client-session';
import { Field } from '@/components/forms/Field';

export function HeldRefundActions({ refundId }: { refundId: string }) {
  const t = useTranslations('Desk.refunds');
  const router = useRouter();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const id = `held-${refundId}`;

  async function decide(decision: HeldRefundDecision) {
    setBusy(true);
    setFailure('');
    const answer = await postJson(`/api/desk/refunds/${encodeURIComponent(refundId)}`, decision);
    setBusy(false);
    if (answer.ok) router.refresh();
    else if (answer.error.fields?.reason) setError(answer.error.fields.reason);
    else setFailure(answer.error.message || t('failed'));
  }

  function cancel(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = HeldRefundDecisionSchema.safeParse({ decision: 'cancel', reason });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    void decide(parsed.data);
  }

  return (
    <div className="desk-held-actions" aria-busy={busy}>
      {failure && (
        <p className="notice-error" role="alert">
          {failure}
        </p>
      )}
      <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void decide({ decision: 'release' })}>
        {t('release')}
      </button>
      <form className="desk-form" noValidate onSubmit={cancel}>
        <Field id={`${id}-reason`} label={t('cancelReason')} error={error}>
          {(c) => <textarea {...c} rows={2} dir="auto" maxLength={DESK_REASON_MAX} value={reason} onChange={(e) => setReason(e.target.value)} />}
        </Field>
        <button type="submit" className="btn btn-secondary" disabled={busy}>
          {t('cancel')}
        </button>
      </form>
    </div>
  );
}
