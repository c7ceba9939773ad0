// spec 9: the story page records the visit (newest first, once each, at most 5) and the home page shows a
// "Recently visited" row from it, nothing on the server; the visit's tracking call cuts the title to 20 characters.
import { act, render, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { NextIntlClientProvider } from 'next-intl';
import { CampaignVisit } from '@/components/story/CampaignVisit';
import { RecentlyVisited } from '@/components/fundraiser/RecentlyVisited';
import { RECENTLY_VISITED_STORAGE_KEY } from '@/lib/story/recently-visited';
import { TRACKING_TITLE_LENGTH, VISIT_EVENT } from '@/lib/constants/story';

// the real module's other exports too: next-intl's navigation, loaded as an ES module on Node 24, imports redirect by name
jest.mock('next/navigation', () => ({ ...jest.requireActual('next/navigation'), usePathname: () => '/', useRouter: () => ({ push: jest.fn() }) }));

const fetchMock = jest.fn();
beforeEach(() => {
  localStorage.clear();
  fetchMock.mockReset();
  fetchMock.mockResolvedValue({ ok: true, status: 202, json: async () => ({}) });
  global.fetch = fetchMock as unknown as typeof fetch;
  window.matchMedia = ((query: string) => ({ matches: false, media: query, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {} })) as unknown as typeof window.matchMedia;
});

const image = (id: number) => `/media/demo/medical/${id}/leaderboard.webp`;
/** The story page of one fundraiser, opened and left. */
function visit(id: number, title = `Help patient number ${id} get treatment`, isPublic = true) {
  const { unmount } = render(<CampaignVisit fundraiserId={id} title={title} remember={isPublic ? { customTag: `patient-${id}`, image: image(id) } : undefined} />);
  unmount();
}
// the row's links are localized (next-intl), as on the page
const row = () => (
  <NextIntlClientProvider locale="en" messages={{}}>
    <RecentlyVisited heading="Recently visited" />
  </NextIntlClientProvider>
);
const stored = () => JSON.parse(localStorage.getItem(RECENTLY_VISITED_STORAGE_KEY) ?? '[]') as { id: number }[];

describe('spec 9: the story page records the visit', () => {
  it('keeps id, custom_tag, title and picture, newest first, once each, at most 5', () => {
    visit(1);
    expect(stored()).toEqual([{ id: 1, custom_tag: 'patient-1', title: 'Help patient number 1 get treatment', image: image(1) }]);
    for (const id of [2, 3, 1, 4, 5, 6, 7]) visit(id);
    expect(stored().map((c) => c.id)).toEqual([7, 6, 5, 4, 1]);
  });

  it('does not keep a private story', () => {
    visit(9, 'A private one', false);
    expect(stored()).toEqual([]);
  });

  it('sends the visit to /actions/collect with the title cut to 20 characters', () => {
    visit(3, 'Help Ramesh beat leukaemia in Chennai');
    expect(fetchMock).toHaveBeenCalledWith('/api/actions/collect', expect.objectContaining({ method: 'POST' }));
    const event = JSON.parse((fetchMock.mock.calls[0][1] as RequestInit).body as string);
    expect(event).toMatchObject({ event_name: VISIT_EVENT, event_type_id: '3', info_1: 'Help Ramesh beat leu' });
    expect(event.info_1).toHaveLength(TRACKING_TITLE_LENGTH);
  });
});

describe('spec 9: the home page row', () => {
  it('renders nothing on the server (the cached page), whatever this browser visited', () => {
    visit(1);
    expect(renderToString(row())).toBe('');
  });

  it('is hidden while nothing was visited', () => {
    const { container } = render(row());
    expect(container).toBeEmptyDOMElement();
    expect(screen.queryByRole('heading', { name: 'Recently visited' })).toBeNull();
  });

  it('shows the visited campaigns as cards linking to their stories, newest first', () => {
    for (const id of [1, 2, 3]) visit(id);
    render(row());
    const section = screen.getByRole('region', { name: 'Recently visited' });
    const cards = within(section).getAllByRole('article');
    expect(cards).toHaveLength(3);
    expect(cards.map((c) => within(c).getByRole('link').getAttribute('href'))).toEqual(['/stories/patient-3', '/stories/patient-2', '/stories/patient-1']);
    expect(within(cards[0]).getByRole('heading', { level: 3 })).toHaveTextContent('Help patient number 3 get treatment');
    const picture = cards[0].querySelector('img')!;
    expect(picture).toHaveAttribute('src', image(3));
    expect(picture).toHaveAttribute('width', '1200');
    expect(picture).toHaveAttribute('height', '675');
  });

  it('follows visits recorded while the home page is open, in this tab or another', () => {
    render(row());
    expect(screen.queryByRole('region')).toBeNull();
    visit(8);
    expect(within(screen.getByRole('region', { name: 'Recently visited' })).getAllByRole('article')).toHaveLength(1);
    // another tab writes the list; this one hears of it through the storage event
    const list = [{ id: 9, custom_tag: 'patient-9', title: 'Help patient number 9', image: image(9) }, ...stored()];
    localStorage.setItem(RECENTLY_VISITED_STORAGE_KEY, JSON.stringify(list));
    act(() => void window.dispatchEvent(new StorageEvent('storage', { key: RECENTLY_VISITED_STORAGE_KEY })));
    expect(within(screen.getByRole('region', { name: 'Recently visited' })).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Help patient number 9', 'Help patient number 8 get treatment']);
  });
});
