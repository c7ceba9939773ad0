import { json } from '@/lib/http/respond';
import { requestOrigin } from '@/lib/whitelabel/request-origin';
import { redeemSipActionLink } from '@/lib/sip/link-actions';
import { SipLinkUseSchema } from '@/lib/validation/sip-manage';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// the button of a SIP email link's page: the signed token is the only proof (no sign-in), good once.
// POST only: mail scanners follow GET links.
export const POST = route({ who: 'anyone', body: SipLinkUseSchema }, async ({ request, db, body: { token, ...input } }) => {
  return json({ data: await redeemSipActionLink(db, token, input, { origin: await requestOrigin(request) }) }, { headers: { 'Cache-Control': 'no-store' } });
});
