import { forcesMobile, listingLinks, showArrows, slidesPerView } from '@/lib/listing/carousel';

describe('spec 2/9: the embeddable carousel', () => {
  it('shows 1.5 cards per view on mobile and 3 on desktop', () => {
    expect(slidesPerView(true)).toBe(1.5);
    expect(slidesPerView(false)).toBe(3);
  });
  it('shows arrows only when there are more than 3 cards', () => {
    expect(showArrows(3)).toBe(false);
    expect(showArrows(4)).toBe(true);
    expect(showArrows(0)).toBe(false);
  });
  it('takes isMobile=1 or true as forcing the mobile layout', () => {
    expect(forcesMobile('1')).toBe(true);
    expect(forcesMobile('true')).toBe(true);
    expect(forcesMobile(['1', '0'])).toBe(true);
    expect(forcesMobile('0')).toBe(false);
    expect(forcesMobile(undefined)).toBe(false);
  });
  it('opens the story; Contribute adds donate=1, and payment=form in-app only', () => {
    const l = listingLinks('https://give.example.org', 'hi', 'help-asha');
    expect(l.story).toBe('https://give.example.org/hi/stories/help-asha');
    expect(l.contribute).toBe('https://give.example.org/hi/stories/help-asha?donate=1&payment=form');
    expect(l.framedContribute).toBe('https://give.example.org/hi/stories/help-asha?donate=1');
  });
});
