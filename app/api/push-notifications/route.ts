import { json } from '@/lib/http/respond';
import { ProfilePushSchema, PushUnsubscribeSchema } from '@/lib/validation/account-utilities';
import { receiveProfilePush, removePushSubscription } from '@/lib/notifications/push-subscriptions';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// spec 7 POST push notifications (profile push): the browser's subscription, and phone_1/extension for the profile
export const POST = route({ who: 'anyone', body: ProfilePushSchema }, async ({ request, db, body: input }) => {
  const stored = await receiveProfilePush(db, request, input);
  return json({ data: stored }, { status: stored.created ? 201 : 200 });
});

// the browser unsubscribed: forget its endpoint (the endpoint itself is the secret that names it)
export const DELETE = route({ who: 'anyone', body: PushUnsubscribeSchema }, async ({ db, body: { endpoint } }) => {
  return json({ data: { removed: await removePushSubscription(db, endpoint) } });
});
