import { fireEvent, render, screen, within } from '@testing-library/react';
import { createTranslator, NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import { FundraiserCarousel } from '@/components/listing/FundraiserCarousel';
import { listingLinks } from '@/lib/listing/carousel';
import type { FundraiserSummary } from '@/lib/fundraisers/queries';

// the real card is a server component: next-intl's server API answers from the real en messages
jest.mock('next-intl/server', () => ({
  getTranslations: async (namespace: string) => createTranslator({ locale: 'en', messages: en, namespace: namespace as never }),
}));
// the real module's other exports too: next-intl's navigation, loaded as an ES module on Node 24, imports redirect by name
jest.mock('next/navigation', () => ({ ...jest.requireActual('next/navigation'), usePathname: () => '/', useRouter: () => ({ push: jest.fn() }) }));
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { FundraiserCard } = require('@/components/fundraiser/FundraiserCard') as typeof import('@/components/fundraiser/FundraiserCard');

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

  it('a click that ends a drag (stopped by embla in the capture phase) posts nothing', () => {
    const postMessage = jest.fn();
    const parent = Object.getOwnPropertyDescriptor(window, 'parent');
    Object.defineProperty(window, 'parent', { value: { postMessage }, configurable: true });
    try {
      render(<FundraiserCarousel forceMobile={false} labels={labels}>{cards(2)}</FundraiserCarousel>);
      const viewport = screen.getByTestId('carousel').querySelector('.carousel-viewport')!;
      // what embla's DragHandler does with the click after a swipe
      const swallow = (e: Event) => {
        e.stopPropagation();
        e.preventDefault();
      };
      viewport.addEventListener('click', swallow, true);
      fireEvent.click(screen.getByText('Fundraiser 1'));
      expect(postMessage).not.toHaveBeenCalled();
      viewport.removeEventListener('click', swallow, true);
      fireEvent.click(screen.getByText('Fundraiser 1'));
      expect(postMessage).toHaveBeenCalledWith({ type: 'sahyog:open-story', url: 'https://x.example/stories/f1' }, '*');
    } finally {
      if (parent) Object.defineProperty(window, 'parent', parent);
    }
  });
});

describe('FundraiserCarousel with the real card (spec 2)', () => {
  const now = new Date('2026-11-22T00:00:00Z');
  const base: FundraiserSummary = {
    id: 7,
    custom_tag: 'help-asha',
    title: 'Help Asha beat blood cancer',
    status_flag: 1,
    end_date: '2026-12-22T00:00:00.000Z',
    currency: 'INR',
    goal_minor: 50_000_000,
    raised_minor: 12_500_000,
    donor_count: 42,
    taxexempted: true,
    beneficiary_tax_benefit: false,
    cause_id: 4,
    parent_cause_id: 20,
    is_private: false,
    short_description: null,
    trending_score: 1,
    campaigner_name: 'Meera Iyer',
    images: { leaderboard: null, theater: null, widget: null },
  };
  const origin = 'https://give.example.org';

  async function renderListing(list: FundraiserSummary[]) {
    const children = await Promise.all(list.map((f) => FundraiserCard({ fundraiser: f, locale: 'en', now, links: listingLinks(origin, 'en', f.custom_tag) })));
    render(
      <NextIntlClientProvider locale="en" messages={en}>
        <FundraiserCarousel forceMobile={false} labels={labels}>
          {children.map((c, i) => (
            <div key={i}>{c}</div>
          ))}
        </FundraiserCarousel>
      </NextIntlClientProvider>,
    );
  }

  it('links the card to /stories/{custom_tag} and Contribute to the story with donate=1 (payment=form in-app)', async () => {
    await renderListing([base, { ...base, id: 8, custom_tag: 'ended-one', title: 'Ended one', status_flag: 4 }]);
    const [open, ended] = screen.getAllByTestId('fundraiser-card');
    expect(within(open).getByRole('link', { name: base.title })).toHaveAttribute('href', `${origin}/stories/help-asha`);
    const contribute = within(open).getByRole('link', { name: 'Contribute' });
    const href = new URL(contribute.getAttribute('href')!);
    expect(href.pathname).toBe('/stories/help-asha');
    expect(href.searchParams.get('donate')).toBe('1');
    expect(href.searchParams.get('payment')).toBe('form');
    expect(within(open).getByText('TAX Benefit')).toBeInTheDocument();
    // no Contribute once the fundraiser has ended
    expect(within(ended).queryByRole('link', { name: 'Contribute' })).toBeNull();
  });

  it('framed, Contribute posts the absolute story URL with donate=1 to the parent', async () => {
    const postMessage = jest.fn();
    const parent = Object.getOwnPropertyDescriptor(window, 'parent');
    Object.defineProperty(window, 'parent', { value: { postMessage }, configurable: true });
    try {
      await renderListing([base]);
      const contribute = screen.getByRole('link', { name: 'Contribute' });
      const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
      contribute.dispatchEvent(click);
      expect(click.defaultPrevented).toBe(true);
      expect(postMessage).toHaveBeenCalledWith({ type: 'sahyog:open-story', url: `${origin}/stories/help-asha?donate=1` }, '*');
      fireEvent.click(screen.getByRole('link', { name: base.title }));
      expect(postMessage).toHaveBeenLastCalledWith({ type: 'sahyog:open-story', url: `${origin}/stories/help-asha` }, '*');
    } finally {
      if (parent) Object.defineProperty(window, 'parent', parent);
    }
  });
});
