'use client';
// The NGO emails the year's donors who gave no PAN, asking them to add it from their receipt link.
import { useState } from 'react';

interface Props {
  entityId: number;
  financialYear: string;
  labels: { ask: string; asking: string; asked: string; failed: string };
}

export function AskPanButton({ entityId, financialYear, labels }: Props) {
  const [state, setState] = useState<'idle' | 'asking' | 'failed' | { asked: number }>('idle');
  async function ask() {
    setState('asking');
    try {
      const r = await fetch(`/api/ngos/${entityId}/form-10bd/ask-pan`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ fy: financialYear }), credentials: 'same-origin' });
      const body = (await r.json().catch(() => null)) as { data?: { asked: number } } | null;
      setState(r.ok && body?.data ? { asked: body.data.asked } : 'failed');
    } catch {
      setState('failed');
    }
  }
  return (
    <div className="ask-pan">
      <button type="button" className="btn btn-secondary" onClick={ask} disabled={state === 'asking'} data-testid="ask-pan">
        {state === 'asking' ? labels.asking : labels.ask}
      </button>
      <p role="status" aria-live="polite" className={state === 'failed' ? 'field-error' : 'field-hint'}>
        {state === 'failed' ? labels.failed : typeof state === 'object' ? labels.asked.replace('{count}', String(state.asked)) : ''}
      </p>
    </div>
  );
}
