import { getDb } from '@/lib/db/client';
import { handle, json } from '@/lib/http/respond';
import { handleWebhook } from '@/lib/payments/results';
import { readBodyText } from '@/lib/http/body';
import { requestOrigin } from '@/lib/seo/request-origin';

export const dynamic = 'force-dynamic';

// Gateways post here; the signature is checked over the raw body, never re-serialised JSON
export const POST = handle(async (request, { params }: { params: Promise<{ gateway: string }> }) => {
  const { gateway } = await params;
  const outcome = await handleWebhook(await getDb(), gateway, await readBodyText(request), request.headers, await requestOrigin(request));
  return json({ data: { received: true, result: outcome.result } });
});
