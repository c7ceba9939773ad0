import { env } from '@/lib/env';
import { devOutboxHtml, isDevOutboxOpen, recentOutboxMessages } from '@/lib/outbox/dev-view';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// ARCHITECTURE.md: the outbox, readable at /dev/outbox outside production (or with DEV_OUTBOX=1); ?recipient= narrows it
export const GET = route({ who: 'anyone' }, async ({ request, db }) => {
  if (!isDevOutboxOpen(env())) return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  const recipient = new URL(request.url).searchParams.get('recipient');
  const rows = await recentOutboxMessages(db, { recipient });
  return new Response(devOutboxHtml(rows), { headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'x-robots-tag': 'noindex' } });
});
