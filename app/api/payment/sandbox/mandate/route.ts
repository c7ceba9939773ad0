import { SANDBOX_SIGNATURE_HEADER, setSandboxMandateOutcome, type SandboxMandateOutcome } from '@/lib/payments/sandbox';
import { sandboxGateway } from '@/lib/payments/registry';
import { handleWebhook } from '@/lib/payments/results';
import { requestOrigin } from '@/lib/whitelabel/request-origin';
import { isMandateReturnUrl } from '@/lib/payments/redirects';
import { readForm } from '@/lib/http/validation';
import { SANDBOX_MANDATE_OUTCOMES } from '@/lib/constants/payments';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

const plain = (message: string, status: number) => new Response(message, { status, headers: { 'content-type': 'text/plain; charset=utf-8' } });

// The sandbox's mandate page posts the tester's choice here: authorise with how later debits will end, or
// refuse. Like a provider it tells us by a signed mandate webhook, then sends the browser back to the SIP welcome page.
export const POST = route({ who: 'anyone', crossSite: 'sandboxCheckout' }, async ({ request, db }) => {
  const origin = await requestOrigin(request);
  const gateway = sandboxGateway(origin);
  if (!gateway) return plain('Not found', 404);
  const form = await readForm(request).catch(() => null);
  if (!form) return plain('Bad sandbox request', 400);
  const mandateId = String(form.get('mandate_id') ?? '');
  const choice = String(form.get('outcome') ?? '');
  const returnUrl = String(form.get('return_url') ?? '');
  const refused = choice === 'refuse';
  if (!mandateId.startsWith('sbx_mdt_') || !(refused || (SANDBOX_MANDATE_OUTCOMES as readonly string[]).includes(choice)) || !isMandateReturnUrl(returnUrl, origin)) return plain('Bad sandbox request', 400);
  if (!refused) await setSandboxMandateOutcome(db, mandateId, choice as SandboxMandateOutcome);
  // the provider's word arrives signed, as its webhook would; applied before the donor is back, so the page knows
  const { webhookBody, webhookSignature } = gateway.mandateWebhook(mandateId, refused ? 'failed' : 'active');
  await handleWebhook(db, 'sandbox', webhookBody, new Headers({ [SANDBOX_SIGNATURE_HEADER]: webhookSignature }), origin);
  return Response.redirect(returnUrl, 303);
});
