'use client';
// spec 7 "PUT anonymous flag" on one of the donor's own donations: the switch shows what the server saved,
// and goes back if the change fails.
import { useId, useState } from 'react';
import { sendToApi } from '@/components/auth/client-session';
import type { AnonymousFlag } from '@/lib/donations/anonymous';

export type AnonymousToggleLabels = Record<'label' | 'hidden' | 'shown' | 'failed', string>;

export function AnonymousToggle({ orderId, initial, labels }: { orderId: string; initial: boolean; labels: AnonymousToggleLabels }) {
  const [anonymous, setAnonymous] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ text: string; failed: boolean } | null>(null);
  const id = useId();

  async function change(next: boolean) {
    setBusy(true);
    setStatus(null);
    setAnonymous(next);
    const r = await sendToApi<AnonymousFlag>('PUT', `/api/orders/${encodeURIComponent(orderId)}/anonymous`, { is_anonymous: next ? '1' : '0' });
    setBusy(false);
    if (!r.ok) {
      setAnonymous(!next);
      return setStatus({ text: r.error.message || labels.failed, failed: true });
    }
    setStatus({ text: r.data.is_anonymous === '1' ? labels.hidden : labels.shown, failed: false });
  }

  return (
    <div className="anonymous-toggle">
      <label htmlFor={id}>
        <input id={id} type="checkbox" role="switch" checked={anonymous} disabled={busy} aria-busy={busy} onChange={(e) => change(e.target.checked)} />
        <span>{labels.label}</span>
      </label>
      <p className={status?.failed ? 'field-error' : 'muted'} aria-live="polite">
        {status?.text}
      </p>
    </div>
  );
}
