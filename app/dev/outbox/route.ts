import { getDb } from '@/lib/db/client';
import { env } from '@/lib/env';
import { devOutboxHtml, isDevOutboxOpen, recentOutboxMessages } from '@/lib/outbox/dev-view';

export const dynamic = 'force-dynamic';

// ARCHITECTURE.md: the outbox, readable at /dev/outbox outside production (or with DEV_OUTBOX=1); ?recipient= narrows it
export async function GET(request: Request) {
  if (!isDevOutboxOpen(env())) return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  const recipient = new URL(request.url).searchParams.get('recipient');
  const rows = await recentOutboxMessages(await getDb(), { recipient });
  return new Response(devOutboxHtml(rows), { headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'x-robots-tag': 'noindex' } });
}
