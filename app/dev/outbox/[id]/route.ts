import { env } from '@/lib/env';
import { isDevOutboxOpen, outboxMessageHtml } from '@/lib/outbox/dev-view';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

const notFound = () => new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });

// one queued email's HTML part, opened as a mail client would show it (same rules as /dev/outbox)
export const GET = route({ who: 'anyone' }, async ({ db, params }) => {
  if (!isDevOutboxOpen(env())) return notFound();
  const { id } = params;
  if (!/^\d{1,12}$/.test(id)) return notFound();
  const html = await outboxMessageHtml(db, Number(id));
  if (!html) return notFound();
  // the stored HTML is ours, but its words are a donor's: no script may run in it
  return new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'x-robots-tag': 'noindex', 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; img-src https: data:" } });
});
