import { json } from '@/lib/http/respond';
import { handleWebhook } from '@/lib/payments/results';
import { readBodyText } from '@/lib/http/body';
import { requestOrigin } from '@/lib/whitelabel/request-origin';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// Gateways post here; the signature is checked over the raw body, never re-serialised JSON
export const POST = route({ who: 'anyone', crossSite: 'paymentWebhook' }, async ({ request, db, params }) => {
  const { gateway } = params;
  const outcome = await handleWebhook(db, gateway, await readBodyText(request), request.headers, await requestOrigin(request));
  return json({ data: { received: true, result: outcome.result } });
});
