'use client';
import { useState } from 'react';

export function LikeButton({ action, count, labels, signInHref }: { action: string; count: number; labels: { like: string; signIn: string }; signInHref: string }) {
  const [likes, setLikes] = useState(count);
  const [liked, setLiked] = useState(false);
  const [needsSignIn, setNeedsSignIn] = useState(false);
  async function like() {
    const r = await fetch(action, { method: 'POST', credentials: 'same-origin' }).catch(() => null);
    if (r?.status === 401) return setNeedsSignIn(true);
    if (!r?.ok) return;
    const body = (await r.json()) as { data: { likes_count: number } };
    setLikes(body.data.likes_count);
    setLiked(true);
  }
  return (
    <span className="like">
      <button type="button" className="btn-link" onClick={like} aria-pressed={liked} aria-label={labels.like}>
        <span aria-hidden="true">♥</span> <span data-testid="likes">{likes}</span>
      </button>
      {needsSignIn && (
        <a href={signInHref} className="muted">
          {labels.signIn}
        </a>
      )}
    </span>
  );
}
