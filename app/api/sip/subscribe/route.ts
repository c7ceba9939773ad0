import { json } from '@/lib/http/respond';
import { requestOrigin } from '@/lib/whitelabel/request-origin';
import { SubscribeSchema } from '@/lib/validation/sip';
import { subscribe } from '@/lib/sip/subscribe';
import { DEFAULT_LOCALE } from '@/lib/i18n/locales';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// a signed-in donor starts monthly giving; the answer says where to authorise the mandate
export const POST = route({ who: 'user', body: SubscribeSchema }, async ({ request, db, user, body: input }) => {
  return json({ data: await subscribe(db, user, input, { origin: await requestOrigin(request), locale: input.locale ?? DEFAULT_LOCALE }) }, { status: 201 });
});
