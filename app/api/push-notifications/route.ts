import { getDb } from '@/lib/db/client';
import { handle, json } from '@/lib/http/respond';
import { parseJsonBody } from '@/lib/http/validation';
import { assertSameOrigin } from '@/lib/http/origin';
import { ProfilePushSchema, PushUnsubscribeSchema } from '@/lib/validation/account-utilities';
import { receiveProfilePush, removePushSubscription } from '@/lib/notifications/push-subscriptions';

export const dynamic = 'force-dynamic';

// spec 7 POST push notifications (profile push): the browser's subscription, and phone_1/extension for the profile
export const POST = handle(async (request) => {
  assertSameOrigin(request);
  const input = await parseJsonBody(ProfilePushSchema, request);
  const stored = await receiveProfilePush(await getDb(), request, input);
  return json({ data: stored }, { status: stored.created ? 201 : 200 });
});

// the browser unsubscribed: forget its endpoint (the endpoint itself is the secret that names it)
export const DELETE = handle(async (request) => {
  assertSameOrigin(request);
  const { endpoint } = await parseJsonBody(PushUnsubscribeSchema, request);
  return json({ data: { removed: await removePushSubscription(await getDb(), endpoint) } });
});
