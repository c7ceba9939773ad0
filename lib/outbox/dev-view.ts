// /dev/outbox: the messages that would have gone out, for people (and e2e tests reading one-time codes)
// on machines without SMTP. Never on a public server unless DEV_OUTBOX=1 says so.
import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { outbox } from '../db/schema';
import type { Env } from '../env';
import { DEV_OUTBOX_LIST_LIMIT } from '../constants/outbox';

/** An explicit DEV_OUTBOX decides; otherwise the outbox is readable everywhere but production. */
export function isDevOutboxOpen(e: Pick<Env, 'NODE_ENV' | 'DEV_OUTBOX'>): boolean {
  return e.DEV_OUTBOX ? e.DEV_OUTBOX === '1' : e.NODE_ENV !== 'production';
}

/** Newest first, optionally only one recipient's. */
export async function recentOutboxMessages(db: DbOrTx, opts: { recipient?: string | null; limit?: number } = {}) {
  return db
    .select()
    .from(outbox)
    .where(opts.recipient ? eq(outbox.recipient, opts.recipient) : undefined)
    .orderBy(desc(outbox.created_at), desc(outbox.id))
    .limit(opts.limit ?? DEV_OUTBOX_LIST_LIMIT);
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
// every stored text is untrusted (a donor's name or a message body may hold markup)
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);

type OutboxRow = Awaited<ReturnType<typeof recentOutboxMessages>>[number];

/** One email's HTML part as it would open in a mail client, or null. */
export async function outboxMessageHtml(db: DbOrTx, id: number): Promise<string | null> {
  const [row] = await db.select({ html: outbox.html }).from(outbox).where(eq(outbox.id, id));
  return row?.html ?? null;
}

export function devOutboxHtml(rows: OutboxRow[]): string {
  const items = rows
    .map(
      (m) => `<li data-testid="outbox-message" data-id="${m.id}" data-channel="${m.channel}" data-recipient="${escapeHtml(m.recipient)}" data-status="${escapeHtml(m.status)}">
<p><strong>${m.channel === 'email' ? 'Email' : 'SMS'}</strong> to <span class="recipient">${escapeHtml(m.recipient)}</span> · ${escapeHtml(m.status)}${m.attempts ? ` (${m.attempts} attempts)` : ''} · <time datetime="${m.created_at.toISOString()}">${m.created_at.toISOString()}</time></p>
${m.subject ? `<p class="subject">${escapeHtml(m.subject)}</p>` : ''}
<pre class="body">${escapeHtml(m.body)}</pre>
${m.html ? `<p><a class="html-link" href="/dev/outbox/${m.id}">Open the HTML part</a></p>\n<iframe class="html" title="HTML part of message ${m.id}" sandbox="" loading="lazy" srcdoc="${escapeHtml(m.html)}"></iframe>` : ''}
${m.last_error ? `<p class="error">Last error: ${escapeHtml(m.last_error)}</p>` : ''}
</li>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>Outbox</title>
<style>body{font-family:system-ui,sans-serif;margin:0 auto;max-inline-size:60rem;padding:1rem}ol{list-style:none;padding:0}li{border-block-end:1px solid #ddd;padding-block:.75rem}.subject{font-weight:600}.body{white-space:pre-wrap;background:#f6f6f6;padding:.5rem}.error{color:#a00}.html{inline-size:100%;block-size:32rem;border:1px solid #ddd}</style>
</head>
<body>
<h1>Outbox</h1>
<p>Email and SMS the product queued, newest first (${rows.length} shown).</p>
${rows.length ? `<ol>\n${items}\n</ol>` : '<p>No messages yet.</p>'}
</body>
</html>
`;
}
