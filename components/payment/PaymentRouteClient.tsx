'use client';
// spec 4 new/payment-route: settle the returned result, re-check every 10 s while pending (with the same return), then
// leave. An order that cannot be read (a request error, an unknown oi) goes back by its origin, as a failed payment does.
import { useEffect } from 'react';
import { PAYMENT_RETURN_RECHECK_MS } from '@/lib/constants/giving';
import { isForeignThankYouReturn, nextReturnStep, readPaymentReturn, unreadableOrderRedirect } from '@/lib/payments/return-route';
import { replaceLocation } from '@/components/auth/client-session';

export function PaymentRouteClient({ localePrefix }: { localePrefix: string }) {
  useEffect(() => {
    const ret = readPaymentReturn(new URLSearchParams(window.location.search));
    const go = (path: string) => replaceLocation(`${localePrefix}${path}`);
    if (isForeignThankYouReturn(ret)) return go('/');
    if (!ret.orderId) return go(unreadableOrderRedirect(ret));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = async () => {
      const answer = await fetch(`/api/payment/response/${encodeURIComponent(ret.orderId)}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        // every re-check carries the gateway's return too: it proves the reader in a browser that did not make the cart;
        // once the server has applied it, a re-check asks the gateway for news
        body: JSON.stringify(ret.gatewayParams),
      }).then(
        async (r) => ({ ok: r.ok, body: await r.json().catch(() => null) }),
        () => null,
      );
      const step = nextReturnStep(ret, answer);
      if ('go' in step) return go(step.go);
      timer = setTimeout(check, PAYMENT_RETURN_RECHECK_MS);
    };
    void check();
    return () => clearTimeout(timer);
  }, [localePrefix]);
  return null;
}
