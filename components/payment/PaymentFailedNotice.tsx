'use client';
// spec 8: a payment gateway failure shows its description; pages stay cacheable, so st=f is read here.
import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};
const readQuery = () => window.location.search;

export function PaymentFailedNotice({ template, fallback }: { template: string; fallback: string }) {
  const search = useSyncExternalStore(subscribe, readQuery, () => '');
  const query = new URLSearchParams(search);
  if (query.get('st') !== 'f') return null;
  const reason = query.get('reason');
  return (
    <p className="notice-error" role="alert" data-testid="payment-failed">
      {reason ? template.replace('{reason}', reason) : fallback}
    </p>
  );
}
