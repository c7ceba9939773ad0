// The replies of a fundraiser's people under one comment, each marked as the campaigner's. Plain markup
// with no hooks: the cached story page, its "more comments" island and the dashboard all render it.
import type { StoryReply } from '@/lib/story/queries';
import './comment-replies.css';

interface Props {
  replies: StoryReply[];
  locale: string;
  /** "Campaigner's reply" */
  label: string;
}

export function CommentReplies({ replies, locale, label }: Props) {
  if (!replies.length) return null;
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  return (
    <ul className="comment-replies" data-testid="comment-replies">
      {replies.map((r) => (
        <li key={r.id} className="comment-reply-item">
          <p className="comment-reply-head">
            <span className="reply-badge">{label}</span> <strong>
              <bdi>{r.author_name}</bdi>
            </strong>{' '}
            <time className="muted" dateTime={r.created_at}>
              {date.format(new Date(r.created_at))}
            </time>
          </p>
          <p dir="auto">{r.body}</p>
        </li>
      ))}
    </ul>
  );
}
