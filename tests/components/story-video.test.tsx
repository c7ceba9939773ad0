// A story's video contacts YouTube only when the visitor asks: a play button first, then the privacy-enhanced player.
import { fireEvent, render, screen } from '@testing-library/react';
import { createTranslator } from 'next-intl';
import ar from '@/messages/ar.json';
import { StoryVideo } from '@/components/story/StoryVideo';

const title = 'Help Asha walk again';
const labels = { play: 'Play video', playNamed: `Play video: ${title}`, frameTitle: `Video: ${title}`, notice: 'The video loads from YouTube when you press play' };

describe('StoryVideo', () => {
  it('shows a play button and no player (nothing from YouTube) until pressed', () => {
    const { container } = render(<StoryVideo youtubeId="dQw4w9WgXcQ" labels={labels} />);
    expect(screen.getByRole('button', { name: `Play video: ${title}` })).toBeVisible();
    expect(container.querySelector('iframe')).toBeNull();
    // the facade is drawn in CSS: no thumbnail fetched from YouTube either
    expect(container.querySelectorAll('img, [src], [srcset], [href], [poster], [style]')).toHaveLength(0);
  });

  it('plays the video from youtube-nocookie.com once pressed, and focus moves to the player', () => {
    render(<StoryVideo youtubeId="dQw4w9WgXcQ" labels={labels} />);
    fireEvent.click(screen.getByRole('button', { name: `Play video: ${title}` }));
    expect(screen.queryByRole('button')).toBeNull();
    const frame = screen.getByTitle(`Video: ${title}`);
    expect(frame.tagName).toBe('IFRAME');
    const src = new URL(frame.getAttribute('src')!);
    expect(src.origin).toBe('https://www.youtube-nocookie.com');
    expect(src.pathname).toBe('/embed/dQw4w9WgXcQ');
    expect(src.searchParams.get('autoplay')).toBe('1');
    expect(frame).toHaveAttribute('allow', 'autoplay; encrypted-media; picture-in-picture');
    expect(frame).toHaveAttribute('allowfullscreen');
    expect(frame).toHaveAttribute('referrerpolicy', 'strict-origin-when-cross-origin');
    expect(frame).toHaveFocus();
  });

  it('names the button in the page language (Arabic) with the story title', () => {
    const t = createTranslator({ locale: 'ar', messages: ar, namespace: 'Story' });
    render(<StoryVideo youtubeId="dQw4w9WgXcQ" labels={{ play: t('playVideo'), playNamed: t('playVideoNamed', { title }), frameTitle: t('videoTitle', { title }), notice: t('videoNotice') }} />);
    expect(screen.getByRole('button', { name: `تشغيل الفيديو: ${title}` })).toHaveTextContent('تشغيل الفيديو');
  });
});
