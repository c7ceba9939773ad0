'use client';
// A thank-you page opened before the payment settled refreshes itself until it has.
import { useEffect } from 'react';
import { PAYMENT_RETURN_RECHECK_MS } from '@/lib/constants/giving';

export function RefreshUntilSettled() {
  useEffect(() => {
    const timer = setTimeout(() => window.location.reload(), PAYMENT_RETURN_RECHECK_MS);
    return () => clearTimeout(timer);
  }, []);
  return null;
}
