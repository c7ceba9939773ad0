import { fireEvent, render, screen } from '@testing-library/react';
import { FundraiserCarousel } from '@/components/listing/FundraiserCarousel';

// jsdom lacks the observers embla measures with
beforeAll(() => {
  class Observer {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.assign(window, { ResizeObserver: Observer, IntersectionObserver: Observer });
  window.matchMedia = ((query: string) => ({ matches: false, media: query, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {} })) as unknown as typeof window.matchMedia;
});

const labels = { previous: 'Previous fundraisers', next: 'Next fundraisers', region: 'All fundraisers', empty: 'No Campaigns Found' };
const cards = (n: number) =>
  Array.from({ length: n }, (_, i) => (
    <article key={i}>
      <a href={`https://x.example/stories/f${i}`} data-story-link={`https://x.example/stories/f${i}`}>
        Fundraiser {i}
      </a>
      <a href={`https://x.example/stories/f${i}?donate=1&payment=form`} data-story-link={`https://x.example/stories/f${i}?donate=1`}>
        Contribute {i}
      </a>
    </article>
  ));

describe('FundraiserCarousel', () => {
  it('shows 3 cards per view on desktop and 1.5 on mobile', () => {
    render(<FundraiserCarousel forceMobile={false} labels={labels}>{cards(5)}</FundraiserCarousel>);
    const carousel = screen.getByTestId('carousel');
    expect(carousel.style.getPropertyValue('--per-view-desktop')).toBe('3');
    expect(carousel.style.getPropertyValue('--per-view-mobile')).toBe('1.5');
  });

  it('isMobile forces 1.5 per view on any screen', () => {
    render(<FundraiserCarousel forceMobile labels={labels}>{cards(5)}</FundraiserCarousel>);
    expect(screen.getByTestId('carousel').style.getPropertyValue('--per-view-desktop')).toBe('1.5');
  });

  it('shows arrows only with more than 3 cards', () => {
    const { unmount } = render(<FundraiserCarousel forceMobile={false} labels={labels}>{cards(3)}</FundraiserCarousel>);
    expect(screen.queryByRole('button', { name: 'Next fundraisers' })).toBeNull();
    unmount();
    render(<FundraiserCarousel forceMobile={false} labels={labels}>{cards(4)}</FundraiserCarousel>);
    expect(screen.getByRole('button', { name: 'Next fundraisers' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous fundraisers' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
  });

  it("says 'No Campaigns Found' when empty", () => {
    render(<FundraiserCarousel forceMobile={false} labels={labels}>{[]}</FundraiserCarousel>);
    expect(screen.getByRole('status')).toHaveTextContent('No Campaigns Found');
  });

  it('framed by another site, posts the story URL to the parent instead of navigating', () => {
    const postMessage = jest.fn();
    const parent = Object.getOwnPropertyDescriptor(window, 'parent');
    Object.defineProperty(window, 'parent', { value: { postMessage }, configurable: true });
    try {
      render(<FundraiserCarousel forceMobile={false} labels={labels}>{cards(2)}</FundraiserCarousel>);
      const contribute = screen.getByText('Contribute 1');
      const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
      contribute.dispatchEvent(click);
      expect(click.defaultPrevented).toBe(true);
      expect(postMessage).toHaveBeenCalledWith({ type: 'sahyog:open-story', url: 'https://x.example/stories/f1?donate=1' }, '*');
      // ctrl-click still opens a new tab the normal way
      fireEvent.click(screen.getByText('Fundraiser 0'), { ctrlKey: true });
      expect(postMessage).toHaveBeenCalledTimes(1);
    } finally {
      if (parent) Object.defineProperty(window, 'parent', parent);
    }
  });

  it('in our own window, links navigate normally', () => {
    render(<FundraiserCarousel forceMobile={false} labels={labels}>{cards(1)}</FundraiserCarousel>);
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    screen.getByText('Contribute 0').dispatchEvent(click);
    expect(click.defaultPrevented).toBe(false);
  });
});
