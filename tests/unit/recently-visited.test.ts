// spec 9: frequently visited campaigns, at most 5, newest first, once each.
import { FREQUENT_VISITED_CAMPAIGNS_LIMIT } from '@/lib/constants/story';
import { DEFAULT_FUNDRAISER_IMAGE } from '@/lib/fundraisers/rules';
import { parseRecentlyVisited, withVisit, type VisitedCampaign } from '@/lib/story/recently-visited';

const campaign = (id: number, title = `Fundraiser ${id}`): VisitedCampaign => ({ id, custom_tag: `tag-${id}`, title, image: `/media/demo/medical/${id}/leaderboard.webp` });

describe('the recently visited list', () => {
  it('puts the newest visit first and keeps each campaign once, with its latest title', () => {
    let list: VisitedCampaign[] = [];
    for (const id of [1, 2, 3]) list = withVisit(list, campaign(id));
    list = withVisit(list, campaign(1, 'Fundraiser 1, renamed'));
    expect(list.map((c) => c.id)).toEqual([1, 3, 2]);
    expect(list[0].title).toBe('Fundraiser 1, renamed');
  });

  it(`keeps at most ${FREQUENT_VISITED_CAMPAIGNS_LIMIT}`, () => {
    let list: VisitedCampaign[] = [];
    for (let id = 1; id <= 8; id++) list = withVisit(list, campaign(id));
    expect(FREQUENT_VISITED_CAMPAIGNS_LIMIT).toBe(5);
    expect(list.map((c) => c.id)).toEqual([8, 7, 6, 5, 4]);
  });

  it('reads back only well-formed entries, and never a script or another site as the picture', () => {
    const stored = JSON.stringify([
      campaign(4),
      { id: 'x', custom_tag: 'a', title: 'b', image: '/a.png' },
      { ...campaign(5), image: 'javascript:alert(1)' },
      { ...campaign(6), image: '//evil.example/p.png' },
      { ...campaign(7), title: '   ' },
      campaign(4),
      { ...campaign(8), image: 'https://cdn.partner.example/p.webp' },
    ]);
    expect(parseRecentlyVisited(stored)).toEqual([
      campaign(4),
      { ...campaign(5), image: DEFAULT_FUNDRAISER_IMAGE },
      { ...campaign(6), image: DEFAULT_FUNDRAISER_IMAGE },
      { ...campaign(8), image: 'https://cdn.partner.example/p.webp' },
    ]);
    expect(parseRecentlyVisited('not json')).toEqual([]);
    expect(parseRecentlyVisited('{"id":1}')).toEqual([]);
    expect(parseRecentlyVisited(null)).toEqual([]);
  });
});
