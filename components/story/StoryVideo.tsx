// A fundraiser's YouTube video as a facade: a dark 16:9 box drawn in CSS (a thumbnail would already contact
// YouTube) whose button swaps in the privacy-enhanced player (youtube-nocookie.com, allowed by the story CSP).
import { Play } from 'lucide-react';
import { VideoFacade } from './VideoFacade';

const YOUTUBE_EMBED_ORIGIN = 'https://www.youtube-nocookie.com';

type Props = {
  /** checked against the YouTube id pattern when read (lib/fundraisers/queries.ts) */
  youtubeId: string;
  labels: { play: string; playNamed: string; frameTitle: string; notice: string };
};

function youtubeEmbedUrl(youtubeId: string): string {
  return `${YOUTUBE_EMBED_ORIGIN}/embed/${encodeURIComponent(youtubeId)}?autoplay=1`;
}

export function StoryVideo({ youtubeId, labels }: Props) {
  return (
    <div className="story-video" data-testid="story-video">
      <VideoFacade src={youtubeEmbedUrl(youtubeId)} frameTitle={labels.frameTitle} playLabel={labels.playNamed}>
        <span className="story-video-icon" aria-hidden="true">
          <Play size={32} fill="currentColor" />
        </span>
        <span className="story-video-label">{labels.play}</span>
        <span className="story-video-notice">{labels.notice}</span>
      </VideoFacade>
    </div>
  );
}
