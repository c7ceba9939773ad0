'use client';
// spec 4 new/payment-route: settle the returned result, re-check every 10 s while pending, then leave.
import { useEffect } from 'react';
import { PAYMENT_RETURN_RECHECK_MS } from '@/lib/constants';
import { failureRedirect } from '@/lib/payments/redirects';

const OWN_PARAMS = new Set(['oi', 'origin', 'ct', 'id']);

export function PaymentRouteClient({ localePrefix }: { localePrefix: string }) {
  useEffect(() => {
    const query = new URLSearchParams(window.location.search);
    const oi = query.get('oi') ?? '';
    const origin = query.get('origin') ?? '';
    const go = (path: string) => window.location.replace(`${localePrefix}${path}`);
    // spec 4: a returned order id that is not ours, on a thank-you origin, goes home
    const returned = query.get('order_id');
    if (returned && returned !== oi && origin === 'tp') return go('/');
    const params: Record<string, string> = {};
    query.forEach((v, k) => {
      if (!OWN_PARAMS.has(k)) params[k] = v;
    });
    let timer: ReturnType<typeof setTimeout> | undefined;
    let first = true;
    const check = async () => {
      try {
        const r = await fetch(`/api/payment/response/${encodeURIComponent(oi)}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(first ? params : {}) });
        first = false;
        const body = (await r.json()) as { data?: { status: string; redirect: string | null }; error?: { message: string } };
        if (!r.ok || !body.data) throw new Error(body.error?.message ?? 'Payment failed');
        if (body.data.redirect) return go(body.data.redirect);
        timer = setTimeout(check, PAYMENT_RETURN_RECHECK_MS);
      } catch (e) {
        // spec 4: a request error applies the same failure redirect
        const reason = e instanceof Error ? e.message : 'Payment failed';
        go(failureRedirect(origin, { custom_tag: query.get('ct') ?? '', id: Number(query.get('id')) }, reason));
      }
    };
    void check();
    return () => clearTimeout(timer);
  }, [localePrefix]);
  return null;
}
