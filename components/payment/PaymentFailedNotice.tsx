'use client';
// spec 8: a payment gateway failure shows its description; pages stay cacheable, so st=f is read here. Where the page
// itself offers no Contribute beside it (an update's page, the thank-you page), it offers to try again.
import { useSyncExternalStore } from 'react';
import { FailedReason } from './FailedReason';

const subscribe = () => () => {};
const readQuery = () => window.location.search;

export function PaymentFailedNotice({ template, fallback, retry }: { template: string; fallback: string; retry?: { href: string; label: string } }) {
  const search = useSyncExternalStore(subscribe, readQuery, () => '');
  const query = new URLSearchParams(search);
  if (query.get('st') !== 'f') return null;
  const reason = query.get('reason');
  const text = reason ? <FailedReason template={template} reason={reason} /> : fallback;
  if (!retry) {
    return (
      <p className="notice-error" role="alert" data-testid="payment-failed">
        {text}
      </p>
    );
  }
  return (
    <div className="notice-error payment-failed-notice" role="alert">
      <p data-testid="payment-failed">{text}</p>
      <a className="btn btn-primary" href={retry.href} data-testid="payment-retry">
        {retry.label}
      </a>
    </div>
  );
}
