'use client';
// Opens Razorpay's own Checkout (their script, loaded only here) and hands its signed result to our return URL.
import Script from 'next/script';
import { useState } from 'react';

interface Props {
  keyId: string;
  gatewayOrderId: string;
  amountMinor: number;
  currency: string;
  name: string;
  /** method: a bank transfer opens on Checkout's bank-transfer screen (the account Razorpay opens for the order) */
  prefill: { name: string; email: string; contact: string | null; method?: 'bank_transfer' };
  returnUrl: string;
  labels: { pay: string; failed: string };
  /** a mandate's authorisation: Razorpay's customer, and our reference in the notes (its webhook tells mandates from gifts) */
  recurring?: { customerId: string; mandateRef: string };
}

type RazorpayResult = { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string };
type RazorpayCtor = new (options: Record<string, unknown>) => { open: () => void; on: (event: string, cb: (e: { error?: { description?: string } }) => void) => void };

export function RazorpayCheckout({ keyId, gatewayOrderId, amountMinor, currency, name, prefill, returnUrl, labels, recurring }: Props) {
  const [ready, setReady] = useState(false);
  const [error, setError] = useState('');
  function open() {
    const Razorpay = (window as unknown as { Razorpay?: RazorpayCtor }).Razorpay;
    if (!Razorpay) return setError(labels.failed);
    const checkout = new Razorpay({
      key: keyId,
      order_id: gatewayOrderId,
      amount: amountMinor,
      currency,
      name,
      prefill,
      ...(recurring ? { customer_id: recurring.customerId, recurring: '1', notes: { mandate_ref: recurring.mandateRef } } : {}),
      handler: (result: RazorpayResult) => {
        const back = new URL(returnUrl);
        for (const [k, v] of Object.entries(result)) back.searchParams.set(k, v);
        window.location.replace(back.toString());
      },
    });
    // spec 8: a gateway failure shows its description
    checkout.on('payment.failed', (e) => setError(e.error?.description ?? labels.failed));
    checkout.open();
  }
  return (
    <>
      <Script src="https://checkout.razorpay.com/v1/checkout.js" strategy="afterInteractive" onReady={() => setReady(true)} />
      <button className="btn btn-primary btn-block" type="button" onClick={open} disabled={!ready}>
        {labels.pay}
      </button>
      {error && (
        <p className="notice-error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}
