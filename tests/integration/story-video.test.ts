// A story shows its campaigner's YouTube video: the page's read carries the video id, checked again on the way out,
// since it is put into the player's URL.
import { and, eq } from 'drizzle-orm';
import { fundraiserMedia } from '@/lib/db/schema';
import { cachedFundraiserByTag } from '@/lib/story/cached';
import { youtubeVideoId } from '@/lib/fundraisers/draft-media';
import { getDb, closeDb, type Db } from '@/lib/db/client';
import { makeFundraiser } from '../factories';

// the page's cached reads, read straight from the database
jest.mock('next/cache', () => ({ unstable_cache: (fn: unknown) => fn }));

let db: Db;
beforeAll(async () => {
  db = await getDb();
});
afterAll(closeDb);

/** The row setDraftVideo writes for a YouTube link. */
async function addVideo(fundraiserId: number, cdnPath: string) {
  await db.insert(fundraiserMedia).values({ fundraiser_id: fundraiserId, kind: 'video', cdn_path: cdnPath, display_type_1: 'youtube' });
}

describe("a story's YouTube video", () => {
  it("comes with the story's detail when the campaigner added one", async () => {
    const f = await makeFundraiser(db);
    const id = youtubeVideoId('https://www.youtube.com/watch?v=dQw4w9WgXcQ')!;
    await addVideo(f.id, id);
    const story = await cachedFundraiserByTag(f.custom_tag);
    expect(story?.video).toEqual({ youtube_id: 'dQw4w9WgXcQ' });
  });

  it('is null for a story without a video, pictures notwithstanding', async () => {
    const f = await makeFundraiser(db);
    await db.insert(fundraiserMedia).values({ fundraiser_id: f.id, kind: 'gallery', cdn_path: '/media/demo/1/gallery.svg', display_type_1: 'gallery' });
    const story = await cachedFundraiserByTag(f.custom_tag);
    expect(story).not.toBeNull();
    expect(story?.video).toBeNull();
  });

  it.each([
    ['a script', '"><script>alert(1)</script>'],
    ['a URL', 'https://evil.example/x'],
    ['an id of the wrong length', 'dQw4w9WgXcQQ'],
    ['a path', '../../x/abcd'],
  ])('is null when the stored row holds %s instead of a video id', async (_what, cdnPath) => {
    const f = await makeFundraiser(db);
    await addVideo(f.id, cdnPath);
    expect((await cachedFundraiserByTag(f.custom_tag))?.video).toBeNull();
  });

  it('takes the YouTube row only, not a video of another kind', async () => {
    const f = await makeFundraiser(db);
    await db.insert(fundraiserMedia).values({ fundraiser_id: f.id, kind: 'video', cdn_path: 'dQw4w9WgXcQ', display_type_1: 'vimeo' });
    expect((await cachedFundraiserByTag(f.custom_tag))?.video).toBeNull();
    await db.delete(fundraiserMedia).where(and(eq(fundraiserMedia.fundraiser_id, f.id), eq(fundraiserMedia.kind, 'video')));
    await addVideo(f.id, 'M7lc1UVf-VE');
    expect((await cachedFundraiserByTag(f.custom_tag))?.video).toEqual({ youtube_id: 'M7lc1UVf-VE' });
  });
});
