import { SANDBOX_SIGNATURE_HEADER } from '@/lib/payments/sandbox';
import { sandboxGateway } from '@/lib/payments/registry';
import { requestOrigin } from '@/lib/whitelabel/request-origin';
import { isPaymentReturnUrl } from '@/lib/payments/redirects';
import { readForm } from '@/lib/http/validation';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

const STATUSES = ['success', 'failed', 'pending'] as const;

// The sandbox's hosted checkout posts the tester's choice here. Like a real gateway it sends the
// browser back with signed params and, separately, a signed webhook. It exists only where the sandbox is enabled.
const plain = (message: string, status: number) => new Response(message, { status, headers: { 'content-type': 'text/plain; charset=utf-8' } });

export const POST = route({ who: 'anyone', database: false, crossSite: 'sandboxCheckout' }, async ({ request }) => {
  const origin = await requestOrigin(request);
  const gateway = sandboxGateway(origin);
  if (!gateway) return plain('Not found', 404);
  const form = await readForm(request).catch(() => null);
  if (!form) return plain('Bad sandbox request', 400);
  const gatewayOrderId = String(form.get('gateway_order_id') ?? '');
  const status = STATUSES.find((s) => s === form.get('status'));
  const returnUrl = String(form.get('return_url') ?? '');
  // the signed result goes only to our own payment-route on this site: parsed origin and path, never a prefix
  if (!gatewayOrderId || !status || !isPaymentReturnUrl(returnUrl, origin)) return plain('Bad sandbox request', 400);
  const outcome = await gateway.complete(gatewayOrderId, status).catch(() => null);
  if (!outcome) return plain('Unknown sandbox order', 404);
  // a tester may lose the webhook on purpose (webhook=lost), to watch reconciliation credit the payment instead
  if (status !== 'pending' && form.get('webhook') !== 'lost') {
    // the webhook travels on its own, as from a provider's servers; the browser return does not wait for it
    void fetch(new URL('/api/webhooks/sandbox', `http://127.0.0.1:${process.env.PORT ?? 3000}`), {
      method: 'POST',
      headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: outcome.webhookSignature },
      body: outcome.webhookBody,
    }).catch(() => {});
  }
  const back = new URL(returnUrl);
  for (const [k, v] of Object.entries(outcome.params)) back.searchParams.set(k, v);
  return Response.redirect(back.toString(), 303);
});
