import { getDb } from '@/lib/db/client';
import { SandboxGateway, SANDBOX_SIGNATURE_HEADER } from '@/lib/payments/sandbox';
import { sandboxSecret } from '@/lib/payments/registry';
import { requestOrigin } from '@/lib/seo/request-origin';

export const dynamic = 'force-dynamic';

const STATUSES = ['success', 'failed', 'pending'] as const;

// The sandbox's hosted checkout posts the tester's choice here. Like a real gateway it sends the
// browser back with signed params and, separately, a signed webhook.
const badRequest = (message: string, status = 400) => new Response(message, { status, headers: { 'content-type': 'text/plain; charset=utf-8' } });

export async function POST(request: Request) {
  const form = await request.formData().catch(() => null);
  if (!form) return badRequest('Bad sandbox request');
  const gatewayOrderId = String(form.get('gateway_order_id') ?? '');
  const status = STATUSES.find((s) => s === form.get('status'));
  const returnUrl = String(form.get('return_url') ?? '');
  const origin = requestOrigin(request);
  if (!gatewayOrderId || !status || !returnUrl.startsWith(origin)) return badRequest('Bad sandbox request');
  const gateway = new SandboxGateway(getDb, sandboxSecret(), origin);
  const outcome = await gateway.complete(gatewayOrderId, status).catch(() => null);
  if (!outcome) return badRequest('Unknown sandbox order', 404);
  if (status !== 'pending') {
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
}
