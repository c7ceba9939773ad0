'use client';
// The only client part of a story's video: the browser contacts YouTube once the visitor presses play, not before.
import { useState, type ReactNode } from 'react';

type Props = { src: string; frameTitle: string; playLabel: string; children: ReactNode };

export function VideoFacade({ src, frameTitle, playLabel, children }: Props) {
  const [playing, setPlaying] = useState(false);
  if (!playing) {
    return (
      <button type="button" className="story-video-play" aria-label={playLabel} onClick={() => setPlaying(true)}>
        {children}
      </button>
    );
  }
  return (
    <iframe
      // the pressed button is gone: keyboard and screen-reader focus moves on to the player
      ref={(frame) => frame?.focus()}
      src={src}
      title={frameTitle}
      allow="autoplay; encrypted-media; picture-in-picture"
      allowFullScreen
      loading="lazy"
      referrerPolicy="strict-origin-when-cross-origin"
    />
  );
}
