import { getDb } from '@/lib/db/client';
import { handle, json } from '@/lib/http/respond';
import { parseJsonBody } from '@/lib/http/validation';
import { assertSameOrigin } from '@/lib/http/origin';
import { requireUser } from '@/lib/auth/session';
import { requestOrigin } from '@/lib/seo/request-origin';
import { SubscribeSchema } from '@/lib/validation/sip';
import { subscribe } from '@/lib/sip/subscribe';
import { DEFAULT_LOCALE } from '@/lib/i18n/locales';

export const dynamic = 'force-dynamic';

// issue 14: a signed-in donor starts monthly giving; the answer says where to authorise the mandate
export const POST = handle(async (request) => {
  assertSameOrigin(request);
  const db = await getDb();
  const user = await requireUser(db, request);
  const input = await parseJsonBody(SubscribeSchema, request);
  return json({ data: await subscribe(db, user, input, { origin: await requestOrigin(request), locale: input.locale ?? DEFAULT_LOCALE }) }, { status: 201 });
});
