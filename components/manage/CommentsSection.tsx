// The dashboard's comments: the newest comments on the story and its updates, each with the replies already
// given and a form to reply. A server component: it loads its own data for the signed-in person (lib checks they manage it).
import { getTranslations } from 'next-intl/server';
import { getDb } from '@/lib/db/client';
import { recentComments } from '@/lib/fundraisers/comments';
import { formatDate } from '@/lib/portfolio/format';
import { isolate } from '@/lib/i18n/bidi';
import { CommentReplies } from '@/components/story/CommentReplies';
import { CommentReply, type CommentReplyLabels } from './CommentReply';

const FORM_KEYS = ['reply', 'send', 'sending', 'sent', 'failed'] as const;

export async function CommentsSection({ fundraiserId, user, locale }: { fundraiserId: number; user: { id: number }; locale: string }) {
  const db = await getDb();
  const [list, t, ts] = await Promise.all([recentComments(db, user, fundraiserId), getTranslations({ locale, namespace: 'Manage.comments' }), getTranslations({ locale, namespace: 'Story' })]);
  const labels: CommentReplyLabels = { ...(Object.fromEntries(FORM_KEYS.map((k) => [k, t(k)])) as Record<(typeof FORM_KEYS)[number], string>), replyTo: t.raw('replyTo') as string };

  return (
    <section className="panel manage-block manage-comments" aria-labelledby="comments-heading" data-testid="manage-comments">
      <h2 id="comments-heading">{t('heading')}</h2>
      <p className="muted">{t('intro')}</p>
      {list.length === 0 ? (
        <p className="muted">{t('empty')}</p>
      ) : (
        <ol className="manage-comment-list">
          {list.map((c) => (
            <li key={c.id} className="manage-comment" data-testid="manage-comment">
              <p className="manage-comment-head">
                <strong>
                  <bdi>{c.author_name}</bdi>
                </strong>
                <time dateTime={c.created_at}>{formatDate(c.created_at, locale)}</time>
                <span>{!c.on_update ? t('onStory') : c.update_title ? t('onUpdate', { title: isolate(c.update_title) }) : t('onUntitledUpdate')}</span>
              </p>
              <p className="manage-comment-body" dir="auto">
                {c.body}
              </p>
              <CommentReplies replies={c.replies} locale={locale} label={ts('campaignerReply')} />
              <CommentReply fundraiserId={fundraiserId} commentId={c.id} authorName={c.author_name} labels={labels} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
