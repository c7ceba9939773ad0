import { getDb } from '@/lib/db/client';
import { handle, json } from '@/lib/http/respond';
import { parseJsonBody } from '@/lib/http/validation';
import { assertSameOrigin } from '@/lib/http/origin';
import { requestOrigin } from '@/lib/seo/request-origin';
import { redeemSipActionLink } from '@/lib/sip/link-actions';
import { SipLinkUseSchema } from '@/lib/validation/sip-manage';

export const dynamic = 'force-dynamic';

// issue 14: the button of a SIP email link's page: the signed token is the only proof (no sign-in), good once.
// POST only: mail scanners follow GET links.
export const POST = handle(async (request) => {
  assertSameOrigin(request);
  const { token, ...input } = await parseJsonBody(SipLinkUseSchema, request);
  const db = await getDb();
  return json({ data: await redeemSipActionLink(db, token, input, { origin: await requestOrigin(request) }) }, { headers: { 'Cache-Control': 'no-store' } });
});
