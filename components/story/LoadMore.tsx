'use client';
// Further pages of supporters, updates or comments, fetched on demand (the first page is in the cached HTML).
import { useState } from 'react';
import { formatMoney } from '@/lib/money';
import type { StoryReply } from '@/lib/story/queries';
import { CommentReplies } from './CommentReplies';

type Kind = 'supporters' | 'updates' | 'comments';

interface Item {
  id: number;
  name?: string;
  amount_minor?: number;
  currency?: string;
  title?: string | null;
  body_html?: string;
  body?: string;
  author_name?: string;
  /** a comment's replies from the fundraiser's people */
  replies?: StoryReply[];
  created_at: string;
}

interface Props {
  kind: Kind;
  url: string; // API path without page
  locale: string;
  /** reply: how a campaigner's reply under a comment is marked */
  labels: { more: string; failed: string; anonymous: string; supportersOnly: string; signIn: string; reply?: string };
  signInHref: string;
}

export function LoadMore({ kind, url, locale, labels, signInHref }: Props) {
  const [items, setItems] = useState<Item[]>([]);
  const [page, setPage] = useState(2);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<null | 'failed' | 'sign-in' | 'supporters-only'>(null);
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });

  async function more() {
    setBusy(true);
    try {
      const r = await fetch(`${url}${url.includes('?') ? '&' : '?'}page=${page}`, { credentials: 'same-origin' });
      if (r.status === 401) return setProblem('sign-in');
      if (r.status === 403) return setProblem('supporters-only');
      if (!r.ok) return setProblem('failed');
      const body = (await r.json()) as { data: Item[]; meta: { pagination: { has_more: boolean } } };
      setItems((prev) => [...prev, ...body.data]);
      setPage((p) => p + 1);
      setDone(!body.meta.pagination.has_more);
      setProblem(null);
    } catch {
      setProblem('failed');
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      {items.length > 0 && (
        <ul className={`story-list ${kind}`}>
          {items.map((i) => (
            <li key={i.id}>
              {kind === 'supporters' && (
                <>
                  <strong>{i.name || labels.anonymous}</strong> <span>{formatMoney(i.amount_minor ?? 0, i.currency ?? 'INR', locale, { exact: true })}</span>
                </>
              )}
              {kind === 'updates' && (
                <article>
                  {i.title && <h3>{i.title}</h3>}
                  <p className="muted">{date.format(new Date(i.created_at))}</p>
                  <div className="story-body" dangerouslySetInnerHTML={{ __html: i.body_html ?? '' }} />
                </article>
              )}
              {kind === 'comments' && (
                <>
                  <strong>{i.author_name}</strong> <span className="muted">{date.format(new Date(i.created_at))}</span>
                  <p>{i.body}</p>
                  {i.replies && <CommentReplies replies={i.replies} locale={locale} label={labels.reply ?? ''} />}
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {problem === 'sign-in' && <a href={signInHref}>{labels.signIn}</a>}
      {problem === 'supporters-only' && <p className="muted">{labels.supportersOnly}</p>}
      {problem === 'failed' && <p className="field-error">{labels.failed}</p>}
      {!done && problem !== 'sign-in' && problem !== 'supporters-only' && (
        <button type="button" className="btn btn-secondary" onClick={more} disabled={busy}>
          {labels.more}
        </button>
      )}
    </>
  );
}
