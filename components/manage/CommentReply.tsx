'use client';
// Replying to one comment from the dashboard. ReplySchema checks the text here and again in
// POST /api/fundraisers/{id}/comments/{commentId}/replies; the list above is the server's part and is refreshed.
import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { ReplySchema, type ReplyInput } from '@/lib/validation/dashboard';
import { COMMENT_MAX_LENGTH } from '@/lib/constants/story';
import type { CommentReplyView } from '@/lib/fundraisers/comments';
import { sendToApi } from '@/components/auth/client-session';
import { Field } from '@/components/forms/Field';

export type CommentReplyLabels = Record<'reply' | 'send' | 'sending' | 'sent' | 'failed', string> & {
  /** "Your reply to {name}": the name is put in by the form, in its own direction */
  replyTo: string;
};

interface Props {
  fundraiserId: number;
  commentId: number;
  /** who wrote the comment, as the dashboard shows them */
  authorName: string;
  labels: CommentReplyLabels;
}

export function CommentReply({ fundraiserId, commentId, authorName, labels }: Props) {
  const router = useRouter();
  const [notice, setNotice] = useState('');
  const [failure, setFailure] = useState('');
  const { register, handleSubmit, reset, setError, formState } = useForm<z.input<typeof ReplySchema>, unknown, ReplyInput>({
    resolver: zodResolver(ReplySchema),
    defaultValues: { comment: '' },
  });
  const id = `reply-${commentId}`;
  const [before, after = ''] = labels.replyTo.split('{name}');

  async function send(values: ReplyInput) {
    setNotice('');
    setFailure('');
    const r = await sendToApi<CommentReplyView>('POST', `/api/fundraisers/${fundraiserId}/comments/${commentId}/replies`, values);
    if (!r.ok) {
      if (r.error.fields?.comment) return setError('comment', { message: r.error.fields.comment }, { shouldFocus: true });
      return setFailure(r.error.message || labels.failed);
    }
    reset();
    setNotice(labels.sent);
    router.refresh();
  }

  return (
    <details className="comment-reply">
      <summary>{labels.reply}</summary>
      <form className="comment-reply-form" onSubmit={handleSubmit(send)} noValidate>
        <Field
          id={id}
          label={
            <>
              {before}
              <bdi>{authorName}</bdi>
              {after}
            </>
          }
          error={formState.errors.comment?.message}
        >
          {(c) => <textarea {...c} rows={3} dir="auto" maxLength={COMMENT_MAX_LENGTH} {...register('comment')} />}
        </Field>
        <button type="submit" className="btn btn-secondary" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? labels.sending : labels.send}
        </button>
        <div aria-live="polite">
          {notice && <p className="notice-success">{notice}</p>}
          {failure && (
            <p className="field-error" role="alert">
              {failure}
            </p>
          )}
        </div>
      </form>
    </details>
  );
}
