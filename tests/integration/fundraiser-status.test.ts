// A draft, a fundraiser under review and a rejected one are never listed, never shown and never take money;
// one that goes back to review stops taking money even through a cart made while it ran.
import { eq, inArray } from 'drizzle-orm';
import { carts, fundraisers } from '@/lib/db/schema';
import type { Db } from '@/lib/db/client';
import { forgetFundraiserCounts, fundraiserById, fundraiserByTag, fundraiserIdByTag, listFundraisers } from '@/lib/fundraisers/queries';
import { FUNDRAISER_STATUS } from '@/lib/fundraisers/status';
import { publishedFundraiser } from '@/lib/story/queries';
import { fundraiserSitemapPage } from '@/lib/seo/sitemap';
import { createCart, placeOrder } from '@/lib/donations/service';
import { closeDb, getDb } from '@/lib/db/client';
import { makeFundraiser } from '../factories';

let db: Db;
const run = Date.now().toString(36);
const made: number[] = [];

async function copyOf(status_flag: number, name: string) {
  const row = await makeFundraiser(db, { custom_tag: `${name}-${run}`, title: `Status ${name} ${run}`, status_flag, trending_score: 10_000_000 });
  made.push(row.id);
  return row;
}

const cartInput = { donated_amount: 500, currency: 'INR', donor_name: 'Status Tester', donor_email: `status.${run}@example.com`, donor_phone: '9876543210', donor_extension: '+91', is_anonymous: '0', tip_amount: 0 } as never;
const ctx = { pinVerified: false, userId: null, ip: '203.0.113.9' };

beforeAll(async () => {
  db = await getDb();
});
afterAll(async () => {
  if (made.length) {
    await db.delete(carts).where(inArray(carts.fundraiser_id, made));
    await db.delete(fundraisers).where(inArray(fundraisers.id, made));
  }
  await closeDb();
});

describe.each([
  ['draft', FUNDRAISER_STATUS.draft],
  ['under-review', FUNDRAISER_STATUS.underReview],
  ['rejected', FUNDRAISER_STATUS.rejected],
])('a %s fundraiser', (name, flag) => {
  let f: typeof fundraisers.$inferSelect;
  beforeAll(async () => {
    f = await copyOf(flag, name);
    forgetFundraiserCounts();
  });

  it('is in no list, however it is filtered', async () => {
    for (const status of ['all', 'active'] as const) {
      const list = await listFundraisers(db, { status, limit: 50 });
      expect(list.data.map((x) => x.id)).not.toContain(f.id);
    }
    expect((await listFundraisers(db, { q: `Status ${name} ${run}`, limit: 50 })).data).toEqual([]);
    const page = (await fundraiserSitemapPage(db, 1, { size: 100_000 })) ?? [];
    expect(page.map((s) => s.custom_tag)).not.toContain(f.custom_tag);
  });

  it('has no story, no API answer and no public facts', async () => {
    expect(await fundraiserById(db, f.id)).toBeNull();
    expect(await fundraiserByTag(db, f.custom_tag)).toBeNull();
    expect(await fundraiserIdByTag(db, f.custom_tag)).toBeNull();
    expect(await publishedFundraiser(db, f.id)).toBeNull();
  });

  it('takes no donation', async () => {
    await expect(createCart(db, f.id, cartInput, ctx)).rejects.toMatchObject({ status: 404 });
    expect(await db.select().from(carts).where(eq(carts.fundraiser_id, f.id))).toEqual([]);
  });
});

it('a running fundraiser sent back to review refuses an order on the cart made while it ran', async () => {
  const f = await copyOf(FUNDRAISER_STATUS.live, 'back-to-review');
  const cart = await createCart(db, f.id, cartInput, ctx);
  await db.update(fundraisers).set({ status_flag: FUNDRAISER_STATUS.underReview }).where(eq(fundraisers.id, f.id));
  await expect(placeOrder(db, f.id, { cart_id: cart.id, mode: 'UPI', origin: 's' } as never, { origin: 'http://localhost:3000', idempotencyKey: null, reader: { userId: null, carts: [cart.id] } })).rejects.toMatchObject({
    status: 409,
    message: 'This fundraiser has ended and no longer takes donations',
  });
});
