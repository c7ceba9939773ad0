'use client';
// spec 2: a Contribute click from a listing lands here with donate=1: go straight on to the payment form.
import { useEffect } from 'react';

export function DonateIntent({ paymentHref }: { paymentHref: string }) {
  useEffect(() => {
    if (new URLSearchParams(window.location.search).get('donate') === '1') window.location.replace(paymentHref);
  }, [paymentHref]);
  return null;
}
