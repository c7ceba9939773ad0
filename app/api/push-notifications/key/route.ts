import { json } from '@/lib/http/respond';
import { notFound } from '@/lib/http/errors';
import { vapidConfig } from '@/lib/notifications/push';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// the VAPID public key a browser subscribes with (applicationServerKey); 404 while push is not configured
export const GET = route({ who: 'anyone', database: false }, async () => {
  const vapid = vapidConfig();
  if (!vapid) throw notFound('Push notifications are not available');
  return json({ data: { public_key: vapid.publicKey } }, { headers: { 'cache-control': 'no-store' } });
});
